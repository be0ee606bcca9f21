import { Metadata } from '@tus/utils';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CHUNK_CONTENT_TYPE, TUS_VERSION } from '#shared/api/uploadCalls';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { badRequest, conflict, HttpError } from '#server/http/errors';
import { serveCall } from '#server/http/serveCall';
import { tusUploads, uploadTarget, type TusUploads } from './tusUploads.ts';
import { dropUpload, findUpload, findUploadOf, purgeAbandonedUploads } from './uploadRegistry.ts';

/** Headers Fastify sets itself for the body it sends, and CORS headers an same-origin API does not give. */
const OWN_HEADERS = /^(content-length|content-type|access-control-.*)$/i;

/** Sends the tus server's answer through Fastify (so security headers, the audit and the contract check apply). */
async function forward(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  for (const [name, value] of response.headers) if (!OWN_HEADERS.test(name)) void reply.header(name, value);
  const text = await response.text();
  void reply.code(response.status);
  if (text === '') return reply.send();
  // Every answer with a body is JSON: the hooks write JSON; tus's few plain-text refusals are wrapped as {error}.
  return reply.send(text.startsWith('{') ? (JSON.parse(text) as unknown) : { error: text.trim() });
}

/** The Add Session file a creation names in its Upload-Metadata. */
function creationTarget(request: FastifyRequest) {
  const header = request.headers['upload-metadata'];
  try {
    return uploadTarget(Metadata.parse(typeof header === 'string' ? header : undefined));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest('Upload-Metadata must be pairs of a key and its base64 value, separated by commas.');
  }
}

/**
 * A creation for a file this user already started (same FileUploadID and FileName) finds that upload again instead
 * of making a second one: a client that lost the answer to its POST, or the page, resumes it. Undefined when there
 * is none (or its bytes are gone), so the tus server creates it.
 */
async function createdBefore(
  deps: SessionDeps,
  tus: TusUploads,
  target: ReturnType<typeof uploadTarget>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const user = currentUser(request);
  const row = await findUploadOf(deps.database.db, user.id, target.fileUploadId, target.fileName);
  if (row === undefined) return undefined;
  if (String(row.size) !== request.headers['upload-length'])
    throw conflict('This file was started with another size; send it under a new FileUploadID.');
  void reply.header('Tus-Resumable', TUS_VERSION);
  if (row.answer !== null) return reply.code(200).send(JSON.parse(row.answer) as unknown);
  const upload = await tus.uploads.store.getUpload(tus.uploads.storeId(row.id)).catch(() => undefined);
  if (upload === undefined) {
    await dropUpload(deps, tus.uploads, row.id);
    return undefined;
  }
  return reply
    .code(201)
    .header('Location', `/api/uploads/${row.id}`)
    .header('Upload-Offset', String(upload.offset))
    .send();
}

/**
 * Once staged, an upload's bytes are in the file store and tus no longer knows it (404): a later HEAD or empty PATCH
 * answers from its row that it is complete (HEAD: the final offset; PATCH: what it was staged as), never staging it
 * again. Undefined when the upload is not one of the caller's finished ones.
 */
async function answerFinished(deps: SessionDeps, request: FastifyRequest, reply: FastifyReply, response: Response) {
  if (response.status !== 404 && response.status !== 410) return undefined;
  const id = String((request.params as { uploadId?: unknown }).uploadId);
  const row = await findUpload(deps.database.db, currentUser(request).id, id).catch(() => undefined);
  if (row?.answer === undefined || row.answer === null) return undefined;
  void reply.header('Tus-Resumable', TUS_VERSION);
  if (request.method === 'PATCH') return reply.code(200).send(JSON.parse(row.answer) as unknown);
  const size = String(row.size);
  return reply.code(200).headers({ 'Upload-Offset': size, 'Upload-Length': size, 'Cache-Control': 'no-store' }).send();
}

/**
 * The tus endpoints (docs/api-sessions.md). Each is a call of the call map, so authentication, the role check and
 * the audit run as for every call before the tus server sees the request; its body is passed on as a stream.
 */
export function uploadRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    const tus = tusUploads(deps);
    app.addHook('onClose', () => tus.close());
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(CHUNK_CONTENT_TYPE, (_request, payload, done) => done(null, payload));

    const run = (request: FastifyRequest, reply: FastifyReply) =>
      tus.handle(request, reply, currentUser(request)).then((response) => forward(reply, response));
    const target = (request: FastifyRequest) => {
      const params = request.params;
      const id = typeof params === 'object' && params !== null && 'uploadId' in params ? params.uploadId : '';
      return `upload-part:${String(id)}`;
    };

    serveCall(app, 'uploadOptions', async (request, reply) => forward(reply, await tus.handle(request, reply, null)));
    serveCall(app, 'createUpload', async (request, reply) => {
      const file = creationTarget(request);
      return audited(deps, request, reply, 'session.uploadStart', `upload:${file.fileUploadId}`, async () => {
        await purgeAbandonedUploads(deps, deps.clock(), tus.uploads);
        if ((await createdBefore(deps, tus, file, request, reply)) === undefined) await run(request, reply);
      });
    });
    serveCall(app, 'uploadOffset', async (request, reply) =>
      audited(deps, request, reply, 'session.uploadOffset', target(request), async () => {
        const user = currentUser(request);
        const response = await tus.handle(request, reply, user);
        const offset = response.headers.get('Upload-Offset');
        // All bytes stored but never staged (the instance stopped after the last byte): a stock client that sees
        // the full offset stops sending, so the file is checked and staged now, or the refusal answered.
        if (response.status === 200 && offset !== null && offset === response.headers.get('Upload-Length'))
          await tus.stage(user, request.params.uploadId);
        return (await answerFinished(deps, request, reply, response)) ?? forward(reply, response);
      }),
    );
    serveCall(app, 'appendChunk', async (request, reply) =>
      audited(deps, request, reply, 'session.uploadChunk', target(request), async () => {
        const response = await tus.handle(request, reply, currentUser(request));
        return (await answerFinished(deps, request, reply, response)) ?? forward(reply, response);
      }),
    );
    serveCall(app, 'terminateUpload', async (request, reply) =>
      audited(deps, request, reply, 'session.uploadCancel', target(request), async () => {
        await run(request, reply);
        if (reply.statusCode === 204) await dropUpload(deps, tus.uploads, String(request.params.uploadId));
      }),
    );
  };
}
