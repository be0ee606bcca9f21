import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { MemoryLocker, Server } from '@tus/server';
import { ERRORS, type Upload } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import { sendFileQuerySchema } from '#shared/sessions/sessionSchemas';
import { MESSAGES } from '#shared/messages';
import type { AuthUser } from '#server/auth/tokens';
import type { SessionDeps } from '#server/deps';
import { badRequest, conflict, HttpError } from '#server/http/errors';
import { parseRequestPart } from '#server/http/requestValidation';
import { finishUpload } from '../finishUpload.ts';
import { sizeText } from '../uploadBody.ts';
import { openUploadStore, type UploadStore } from '#server/storage/uploadStore';
import { requestBody } from './requestBody.ts';
import { pgUploadLocker, type ClosableLocker } from './pgUploadLocker.ts';
import { dropUpload, findUpload } from './uploadRegistry.ts';

/** Who is asking: the tus server's hooks see a web Request, so the authenticated caller travels beside it. */
type Caller = { request: FastifyRequest; user: AuthUser };
const callers = new AsyncLocalStorage<Caller>();

function caller(): Caller {
  const current = callers.getStore();
  if (current === undefined) throw new Error('A tus hook ran outside an authenticated request');
  return current;
}

export type TusUploads = {
  server: Server;
  uploads: UploadStore;
  /** Runs the tus server for an authenticated request (OPTIONS needs no caller). */
  handle(request: FastifyRequest, reply: FastifyReply, user: AuthUser | null): Promise<Response>;
  /** Stages an upload whose last byte is stored but was never staged (the instance stopped in between). */
  stage(user: AuthUser, uploadId: string): Promise<unknown>;
  close(): Promise<void>;
};

/** The Add Session file an upload carries, from its Upload-Metadata, checked like sendFile's query. */
export function uploadTarget(metadata: Upload['metadata']) {
  const fields = Object.fromEntries(Object.entries(metadata ?? {}).filter(([, value]) => value !== null));
  const parsed = parseRequestPart(sendFileQuerySchema, fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Upload-Metadata is not valid');
  return { fileUploadId: parsed.data.FileUploadID, fileName: parsed.data.FileName ?? '', ...parsed.data };
}

/** tus's own refusals, in words a user can act on (its bodies are terse protocol texts). */
function tusMessage(status: number, body: string, maxSize: number): string {
  switch (status) {
    case 409:
      return 'Upload-Offset is not where the upload stands: ask with HEAD and resume from there.';
    case 410:
      return 'This upload was given up and its bytes removed: send the file again.';
    case 413:
      return `The file is too large: a file may be at most ${sizeText(maxSize)}.`;
    case 423:
      return 'Another request is writing this upload right now: try again shortly.';
    default:
      return body.trim();
  }
}

/**
 * Uploads with the tus 1.0 protocol (https://tus.io/protocols/resumable-upload), served by @tus/server over the
 * upload store (files on the local disk, or S3 multipart uploads) with a lock every instance honours. The hooks keep
 * the rules of the portal: an upload is its creator's (anyone else's answers 404), it carries one Add Session file
 * named by its metadata, and the last byte hands the whole file to finishUpload, which checks it by its content and
 * stages it.
 */
export function tusUploads(deps: SessionDeps): TusUploads {
  const uploads = openUploadStore(deps.config.storage);
  const { videoBytes, textBytes } = deps.config.uploadLimits;
  const maxSize = Math.max(videoBytes, textBytes);
  const { database } = deps.config;
  const locker: ClosableLocker =
    database.kind === 'postgres'
      ? pgUploadLocker(database.url)
      : // SQLite serves one instance: the lock only has to hold within this process.
        Object.assign(new MemoryLocker(), { close: () => Promise.resolve() });
  const { db } = deps.database;

  /**
   * Hands a complete upload to finishUpload once; after that, answers what it was staged as. The last PATCH, a HEAD
   * and an empty PATCH at the end may all ask at once (tus releases its lock before the finish): they take turns on
   * a lock of the finish's own, on every instance, so the ones that wait answer what the first staged instead of
   * staging the file again (which ended in 409 for all but one).
   */
  async function stage(user: AuthUser, storeId: string): Promise<unknown> {
    const id = uploads.uploadId(storeId);
    const known = await findUpload(db, user.id, id);
    if (known.answer !== null) return JSON.parse(known.answer);
    const lock = locker.newLock(`finish:${id}`);
    await lock
      .lock(new AbortController().signal, () => undefined)
      .catch((error: unknown) => {
        const timedOut = error instanceof Object && 'body' in error && error.body === ERRORS.ERR_LOCK_TIMEOUT.body;
        throw timedOut ? new HttpError(423, tusMessage(423, '', maxSize)) : error;
      });
    try {
      const row = await findUpload(db, user.id, id);
      if (row.answer !== null) return JSON.parse(row.answer);
      const answer = await finishUpload(deps, user, {
        row,
        read: () => uploads.read(storeId),
        file: uploads.file(storeId, Number(row.size)),
        drop: () => dropUpload(deps, uploads, id),
      });
      // Staged: the upload's bytes are in the file store (linked, or copied from S3), the row keeps the answer for a
      // repeat.
      await uploads.discard(storeId);
      return answer;
    } finally {
      await lock.unlock();
    }
  }

  const server = new Server({
    path: '/api/uploads',
    datastore: uploads.store,
    locker,
    maxSize,
    relativeLocation: true,
    // Not a cross-origin API: the app is served from the same origin, so no Access-Control-Allow-Origin.
    allowedOrigins: () => false,
    namingFunction: () => uploads.storeId(randomUUID().replaceAll('-', '')),
    generateUrl: (_req, { path, id }) => `${path}/${uploads.uploadId(id)}`,
    getFileIdFromRequest: (_req, lastPath) =>
      lastPath !== undefined && /^[0-9a-f]{32}$/.test(lastPath) ? uploads.storeId(lastPath) : undefined,
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      await findUpload(db, caller().user.id, uploads.uploadId(id));
    },
    async onUploadCreate(_req, upload) {
      const { user } = caller();
      if (upload.size === undefined) throw badRequest('The upload needs its size in bytes: an Upload-Length header.');
      if (upload.size === 0) throw badRequest('The file is empty.');
      const target = uploadTarget(upload.metadata);
      const created = {
        id: uploads.uploadId(upload.id),
        user_id: user.id,
        file_upload_id: target.fileUploadId,
        file_name: target.fileName,
        video_kind: target.VideoKind ?? null,
        size: upload.size,
        received: 0,
        answer: null,
        created_at: deps.clock().toISOString(),
      };
      // Two creations at once: the unique (user, FileUploadID, FileName) lets one win.
      await db
        .insertInto('upload_parts')
        .values(created)
        .execute()
        .catch(() => {
          throw conflict('This file is being uploaded already: create it again to resume it.');
        });
      return {};
    },
    async onUploadFinish(_req, upload) {
      const answer = await stage(caller().user, upload.id);
      return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(answer) };
    },
    onResponseError(_req, error) {
      if (error instanceof HttpError) {
        return { status_code: error.statusCode, body: JSON.stringify({ error: error.message, ...error.extra }) };
      }
      if ('status_code' in error) {
        // The lock was not had in time: tus says 500, but the upload is only busy, and a client may retry.
        const status = error.body.startsWith('failed to acquire lock') ? 423 : error.status_code;
        if (status < 500)
          return { status_code: status, body: JSON.stringify({ error: tusMessage(status, error.body, maxSize) }) };
      }
      callers.getStore()?.request.log.error({ err: error }, 'tus upload failed');
      return { status_code: 500, body: JSON.stringify({ error: MESSAGES.someError }) };
    },
  });

  return {
    server,
    uploads,
    handle(request, reply, user) {
      // The node adapter @tus/server itself uses: the body streams from the socket, and a cut aborts the request.
      const web = new NodeRequest({ req: request.raw, res: reply.raw });
      if (request.method === 'PATCH') {
        // Read lazily, as srvx itself does: a PATCH refused before its body is read leaves the socket to Node.
        let body: ReadableStream<Uint8Array> | undefined;
        Object.defineProperty(web, 'body', { get: () => (body ??= requestBody(request.raw)) });
      }
      return user === null ? server.handleWeb(web) : callers.run({ request, user }, () => server.handleWeb(web));
    },
    stage: (user, uploadId) => stage(user, uploads.storeId(uploadId)),
    close: () => locker.close(),
  };
}
