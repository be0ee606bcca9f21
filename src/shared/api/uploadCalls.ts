import { z } from 'zod';
import { PUBLIC_ANSWERS, TOKEN_ANSWERS, defineCall, problem } from './call.ts';
import { FILE_REFUSALS, fileBody, stagedFileFields } from './sessionCalls.ts';

const ADMIN = ['admin'] as const;
const tag = 'resumable uploads (tus 1.0)';

/** The tus protocol version this server speaks (https://tus.io/protocols/resumable-upload). */
export const TUS_VERSION = '1.0.0';
/** The content type of a PATCH body in tus, so that no other parser ever buffers one. */
export const CHUNK_CONTENT_TYPE = 'application/offset+octet-stream';

const tusResumable = z.literal(TUS_VERSION).describe('The protocol version of the request (required but on OPTIONS)');
const digits = z.string().regex(/^\d+$/);
const offsetHeader = digits.describe('Bytes received and stored so far');
const lengthHeader = digits.describe('The size the upload was created with');
const locationHeader = z.string().describe("The upload's URL, /api/uploads/<uploadId>, for HEAD, PATCH and DELETE");
const answerHeaders = { 'Tus-Resumable': tusResumable };

/** What the file was recognised as and staged under its FileUploadID (as sendFile answers). */
const staged = z.object({
  result: z.literal('success'),
  returnValue: z.literal(0),
  complete: z.literal(true),
  offset: z.number().int(),
  ...stagedFileFields,
});

const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'Upload not found') });
const notFound = problem("'Upload not found': unknown, given up after a day, or another user's");
const noVersion = problem('Tus-Resumable is missing or names a version this server does not speak');
const tusHeaders = z.looseObject({ 'tus-resumable': z.string().optional() });

/**
 * Resumable uploads of Add Session and Upload Session File files with the tus 1.0 protocol (core, creation and termination), so that a video
 * cut off halfway on ward Wi-Fi goes on from the server's offset, from any instance, and any tus client can send one.
 * The PATCH that stores the last byte has the file checked by its content and staged as sendFile does.
 */
export const uploadCalls = {
  uploadOptions: defineCall({
    method: 'OPTIONS',
    path: '/api/uploads',
    tag,
    summary: 'What the upload server speaks: tus version, extensions, maximum size',
    access: 'public',
    answers: {
      ...PUBLIC_ANSWERS,
      204: {
        description: 'The server’s tus capabilities',
        headers: {
          'Tus-Resumable': tusResumable,
          'Tus-Version': z.string().describe('Protocol versions spoken: 1.0.0'),
          'Tus-Extension': z.string().describe('creation, creation-with-upload, termination (and expiration on S3)'),
          'Tus-Max-Size': digits.describe('The largest file accepted, in bytes (a video; text files are smaller)'),
        },
      },
    },
  }),
  createUpload: defineCall({
    method: 'POST',
    path: '/api/uploads',
    tag,
    summary: 'Create the resumable upload of one Add Session file (tus creation)',
    description:
      'Upload-Metadata carries FileUploadID (required), FileName and VideoKind, base64 as tus says. The same user, FileUploadID and FileName always name the same upload: creating it again answers its Location (201) to resume from HEAD, or, once staged, what it was staged as (200).',
    access: ADMIN,
    headers: z.looseObject({
      'tus-resumable': z.string().optional(),
      'upload-length': digits.optional().describe('The file’s size in bytes'),
      'upload-metadata': z.string().optional().describe('FileUploadID, FileName, VideoKind: key base64(value), ...'),
    }),
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'Created before and already staged: what it was staged as', json: staged },
      201: {
        description: 'Created (or found again): send the bytes to Location',
        headers: { ...answerHeaders, Location: locationHeader, 'Upload-Offset': offsetHeader.optional() },
      },
      409: problem('This file was started with another size, or the FileUploadID is in use by another user'),
      412: noVersion,
      413: problem('Larger than the largest file the server accepts (Tus-Max-Size)'),
    },
  }),
  uploadOffset: defineCall({
    method: 'HEAD',
    path: '/api/uploads/:uploadId',
    tag,
    summary: 'Where a resumed upload must go on from (tus core)',
    description:
      'An upload whose every byte is stored but which was never staged (its instance stopped after the last byte) is checked and staged now; a refused file answers as the last PATCH would.',
    access: ADMIN,
    params: uploadParams,
    headers: tusHeaders,
    answers: {
      ...TOKEN_ANSWERS,
      ...FILE_REFUSALS,
      200: {
        description: 'Where it stands (no body)',
        headers: {
          ...answerHeaders,
          'Upload-Offset': offsetHeader,
          'Upload-Length': lengthHeader,
          'Cache-Control': z.literal('no-store'),
        },
      },
      404: notFound,
      410: problem('The upload’s bytes are gone (given up): create it again'),
      412: noVersion,
      423: problem(
        'The upload is being finished by another request, for longer than a lock is waited for: try again shortly',
      ),
    },
  }),
  appendChunk: defineCall({
    method: 'PATCH',
    path: '/api/uploads/:uploadId',
    tag,
    summary: 'Append bytes at Upload-Offset (tus core)',
    description:
      'The offset moves by the bytes stored, also when the request is cut off midway. The PATCH that stores the last byte has the file checked by its content and staged as sendFile does (200 with what it is), or refused and dropped; an empty PATCH at the end asks again for that answer.',
    access: ADMIN,
    params: uploadParams,
    headers: z.looseObject({
      'tus-resumable': z.string().optional(),
      'upload-offset': z
        .string({ error: 'Upload-Offset must be the byte offset the chunk starts at.' })
        .regex(/^\d+$/, 'Upload-Offset must be the byte offset the chunk starts at.'),
    }),
    consumes: [CHUNK_CONTENT_TYPE],
    body: fileBody,
    answers: {
      ...TOKEN_ANSWERS,
      ...FILE_REFUSALS,
      200: { description: 'The last byte arrived: the file is staged as this', json: staged, headers: answerHeaders },
      204: { description: 'Stored', headers: { ...answerHeaders, 'Upload-Offset': offsetHeader } },
      404: notFound,
      409: problem('Upload-Offset is not where the upload stands: ask with HEAD and resume from there'),
      410: problem('The upload’s bytes are gone (given up): create it again'),
      412: noVersion,
      423: problem('Another request is writing this upload right now: try again shortly'),
    },
  }),
  terminateUpload: defineCall({
    method: 'DELETE',
    path: '/api/uploads/:uploadId',
    tag,
    summary: 'Give up an upload and its bytes (tus termination)',
    access: ADMIN,
    params: uploadParams,
    headers: tusHeaders,
    answers: {
      ...TOKEN_ANSWERS,
      204: { description: 'Removed', headers: answerHeaders },
      404: notFound,
      410: problem('The upload’s bytes are gone (given up)'),
      412: noVersion,
    },
  }),
};
