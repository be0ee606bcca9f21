import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { auditRequest } from '#server/audit/requestAudit';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler, CallRequest } from '#server/http/serveCall';
import { badRequest, conflict } from '#server/http/errors';
import type { SessionDeps } from '#server/deps';
import { tooLarge } from './uploadBody.ts';
import { partPath, progressOf, purgeAbandonedUploads, withOffset, type UploadPart } from './uploadParts.ts';

/** The size from the JSON body, or from an Upload-Length header as tus clients send it. */
function declaredSize(request: CallRequest<'startUpload'>): number {
  const body = request.body;
  const header = request.headers['upload-length'];
  const size = body?.size ?? (typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : undefined);
  if (size === undefined || size < 1)
    throw badRequest('The upload needs its size in bytes: {size} or an Upload-Length header.');
  return size;
}

/**
 * Starts (or finds again) the resumable upload of one Add Session file. The same user, FileUploadID and FileName
 * always name the same upload, so a client that lost the answer, or the page, simply asks again and resumes.
 */
export function startUpload(deps: SessionDeps): CallHandler<'startUpload'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { query } = request;
    const size = declaredSize(request);
    const limit = Math.max(deps.config.uploadLimits.videoBytes, deps.config.uploadLimits.textBytes);
    if (size > limit) throw tooLarge(limit, 'a file');
    const fileName = query.FileName ?? '';
    const { db } = deps.database;
    const find = () =>
      db
        .selectFrom('upload_parts')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('file_upload_id', '=', query.FileUploadID)
        .where('file_name', '=', fileName)
        .executeTakeFirst();
    const now = deps.clock();
    await purgeAbandonedUploads(deps, now);
    let row: UploadPart | undefined = await find();
    let createdNow = false;
    if (row === undefined) {
      const created = {
        id: randomUUID().replaceAll('-', ''),
        user_id: user.id,
        file_upload_id: query.FileUploadID,
        file_name: fileName,
        video_kind: query.VideoKind ?? null,
        size,
        received: 0,
        answer: null,
        created_at: now.toISOString(),
      };
      const file = partPath(deps, created.id);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, '');
      // Two starts at once: the unique (user, FileUploadID, FileName) lets one win; the other answers with its row.
      await db
        .insertInto('upload_parts')
        .values(created)
        .execute()
        .catch(() => fs.promises.rm(file, { force: true }));
      row = await find();
      createdNow = row?.id === created.id;
    }
    if (row === undefined) throw new Error('The upload could not be recorded.');
    if (Number(row.size) !== size)
      throw conflict('This file was started with another size; send it under a new FileUploadID.');
    await auditRequest(deps, request, 'session.uploadStart', `upload:${query.FileUploadID}`);
    return withOffset(reply, row)
      .code(createdNow ? 201 : 200)
      .send(progressOf(row));
  };
}
