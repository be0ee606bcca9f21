import { z } from 'zod';
import { sendFileQuerySchema } from '../sessions/sessionSchemas.ts';
import { JSON_BODY_ANSWERS, TOKEN_ANSWERS, defineCall, problem } from './call.ts';
import { FILE_REFUSALS, fileBody, stagedFileFields } from './sessionCalls.ts';

const ADMIN = ['admin'] as const;
const tag = 'resumable uploads';

/** The content type of a chunk, as in the tus protocol, so that no other parser ever buffers one. */
export const CHUNK_CONTENT_TYPE = 'application/offset+octet-stream';

const offsetHeaders = {
  'Upload-Offset': z.string().regex(/^\d+$/).describe('Bytes received and made durable so far'),
  'Upload-Length': z.string().regex(/^\d+$/).describe('The size the upload was started with'),
};

/** Where an upload stands; once complete, also what the file was recognised as (as sendFile answers). */
const progress = z.object({
  uploadId: z.string(),
  offset: z.number().int(),
  size: z.number().int().optional(),
  complete: z.boolean(),
  result: z.literal('success').optional(),
  returnValue: z.literal(0).optional(),
  ...z.object(stagedFileFields).partial().shape,
});

const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'Upload not found') });
const notFound = problem("'Upload not found': unknown, or another user's");

/**
 * Resumable uploads of Add Session files (the tus 1.0 core protocol's offsets and headers), so that a video cut off
 * halfway on ward Wi-Fi goes on from where it stopped. The last chunk stages the file as sendFile does.
 */
export const uploadCalls = {
  startUpload: defineCall({
    method: 'POST',
    path: '/api/uploads',
    tag,
    summary: 'Start, or find again, the resumable upload of one Add Session file',
    description: 'The same user, FileUploadID and FileName always name the same upload.',
    access: ADMIN,
    query: sendFileQuerySchema,
    headers: z.looseObject({
      'upload-length': z.string().optional().describe('The size in bytes, as tus clients send it (or {size})'),
    }),
    body: z.object({ size: z.number().int().min(1, 'The file is empty.') }).optional(),
    answers: {
      ...TOKEN_ANSWERS,
      ...JSON_BODY_ANSWERS,
      200: { description: 'Known already: where it stands', json: progress, headers: offsetHeaders },
      201: { description: 'Started', json: progress, headers: offsetHeaders },
      409: problem('This file was started with another size; send it under a new FileUploadID.'),
      413: FILE_REFUSALS[413],
    },
  }),
  uploadOffset: defineCall({
    method: 'GET',
    path: '/api/uploads/:uploadId',
    tag,
    summary: 'Where a resumed upload must go on from',
    description: 'HEAD answers the same headers without a body.',
    access: ADMIN,
    head: true,
    params: uploadParams,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'Where it stands', json: progress, headers: offsetHeaders },
      404: notFound,
    },
  }),
  appendChunk: defineCall({
    method: 'PATCH',
    path: '/api/uploads/:uploadId',
    tag,
    summary: 'Append one chunk (at most 8 MiB) at Upload-Offset',
    description:
      'The offset moves only once the bytes are on disk. The last chunk finishes the upload: the file is checked and staged as sendFile does, or refused and dropped. An empty PATCH at the end finishes an upload whose last chunk arrived before a restart.',
    access: ADMIN,
    params: uploadParams,
    headers: z.looseObject({
      'upload-offset': z
        .string({ error: 'Upload-Offset must be the byte offset the chunk starts at.' })
        .regex(/^\d+$/, 'Upload-Offset must be the byte offset the chunk starts at.'),
    }),
    consumes: [CHUNK_CONTENT_TYPE],
    body: fileBody,
    answers: {
      ...TOKEN_ANSWERS,
      ...FILE_REFUSALS,
      200: { description: 'Stored; complete once the last byte arrived', json: progress, headers: offsetHeaders },
      404: notFound,
      409: {
        description: 'Upload-Offset is not where the upload stands: resume from `offset`',
        json: z.object({ error: z.string(), offset: z.number().int().optional() }),
        headers: offsetHeaders,
      },
    },
  }),
};
