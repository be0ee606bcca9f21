import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendFileQuerySchema, type VideoKind } from '#shared/sessions/sessionSchemas';
import { currentUser } from '../../http/authenticate.ts';
import { conflict } from '../../http/errors.ts';
import type { Trx } from '../../http/idempotency.ts';
import { success } from '../shared/mutationResult.ts';
import { asUploaded, prepareFiles } from './derivedFiles.ts';
import { inspectUpload } from './inspectUpload.ts';
import { audited } from '../../audit/requestAudit.ts';
import type { SessionDeps } from './sessionDeps.ts';
import { receiveUpload } from './uploadBody.ts';
import { writeWithFiles, type Release } from './writeWithFiles.ts';

export const sendFileSchema = { querystring: sendFileQuerySchema };

/** Staged files that addSession never committed are removed after a day. */
const STAGING_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The explicit VideoKind wins; otherwise a file name saying 'blur' (and not 'unblur') marks the blurred video. */
export function videoKindOf(explicit: VideoKind | undefined, fileName: string | undefined): VideoKind | null {
  if (explicit !== undefined) return explicit;
  const name = (fileName ?? '').toLowerCase();
  if (name.includes('unblur')) return 'Unblurred';
  return name.includes('blur') ? 'Blurred' : null;
}

async function purgeExpiredStaging(trx: Trx, now: Date, release: Release): Promise<void> {
  const cutoff = new Date(now.getTime() - STAGING_LIFETIME_MS).toISOString();
  const expired = await trx.selectFrom('upload_staging').select(['file_upload_id', 'slot', 'storage_key'])
    .where('created_at', '<', cutoff).limit(100).execute();
  for (const row of expired) {
    await trx.deleteFrom('upload_staging').where('file_upload_id', '=', row.file_upload_id).where('slot', '=', row.slot).execute();
    release(row.storage_key);
  }
}

/**
 * Receives one file of an Add Session (spec §7 addSession/sendFile) and stages it under its FileUploadID, in storage
 * and in the database, so that whichever server instance receives addSession can commit it. What the file is comes
 * from its content; sending the same kind again under the same FileUploadID replaces the staged one.
 */
export function sendFileHandler(deps: SessionDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const query = request.query as z.infer<typeof sendFileQuerySchema>;
    return audited(deps, request, reply, 'session.sendFile', `upload:${query.FileUploadID}`, () => writeWithFiles(deps, request, reply,
      () => prepareFiles(deps, async (derived) => {
        const file = await inspectUpload(deps, await receiveUpload(deps, request));
        derived.created.push(file.key);
        derived.files.push(asUploaded(file));
      }),
      async (trx, derived, release) => {
        const file = derived.files[0];
        if (file === undefined) throw new Error('sendFile prepared no file');
        const { kind } = file;
        const videoKind = kind === 'video' ? videoKindOf(query.VideoKind, query.FileName) : null;
        const slot = kind === 'video' ? `video:${videoKind ?? ''}` : kind;
        const owner = await trx.selectFrom('upload_staging').select('user_id')
          .where('file_upload_id', '=', query.FileUploadID).where('user_id', '!=', user.id).executeTakeFirst();
        if (owner !== undefined) throw conflict('This FileUploadID is in use by another upload.');
        const now = deps.clock();
        await purgeExpiredStaging(trx, now, release);
        const earlier = await trx.selectFrom('upload_staging').select('storage_key')
          .where('file_upload_id', '=', query.FileUploadID).where('slot', '=', slot).executeTakeFirst();
        if (earlier !== undefined) {
          release(earlier.storage_key);
          await trx.deleteFrom('upload_staging').where('file_upload_id', '=', query.FileUploadID).where('slot', '=', slot).execute();
        }
        await trx.insertInto('upload_staging').values({
          file_upload_id: query.FileUploadID, slot, kind, video_kind: videoKind, storage_key: file.key, size: file.size,
          sha256: file.sha256, content_type: file.contentType, user_id: user.id, created_at: now.toISOString(),
        }).execute();
        return success({ FileUploadID: query.FileUploadID, Kind: kind, VideoKind: videoKind });
      }));
  };
}
