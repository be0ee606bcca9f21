import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { UPLOAD_CONTENT_TYPES } from '#shared/sessions/sessionSchemas';
import { addSessionHandler, addSessionRouteSchema } from './addSession.ts';
import { appendChunkHandler, appendChunkSchema } from './appendChunk.ts';
import { registerAnswerCleanup } from './answerCleanup.ts';
import { downloadSessionFileHandler, downloadSessionFileSchema } from './downloadSessionFile.ts';
import { listSessionsHandler, listSessionsSchema } from './listSessions.ts';
import { patientSessionsHandler, patientSessionsSchema } from './patientSessions.ts';
import { removeSessionHandler, removeSessionRouteSchema } from './removeSession.ts';
import { sendFileHandler, sendFileSchema } from './sendFile.ts';
import { startUploadHandler, startUploadSchema } from './startUpload.ts';
import { uploadOffsetHandler, uploadOffsetSchema } from './uploadOffset.ts';
import { CHUNK_CONTENT_TYPE } from './uploadParts.ts';
import type { SessionDeps } from '#server/deps';
import { uploadSessionFileHandler, uploadSessionFileSchema } from './uploadSessionFile.ts';

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;
const ADMIN = ['admin'] as const;

/**
 * File uploads get the request body as a stream, never parsed or buffered, so a 2 GB video streams to storage.
 * The content decides what a file is, so every content type a client may label a file with is passed through as is.
 */
function streamUploads(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...UPLOAD_CONTENT_TYPES], (_request, payload, done) => done(null, payload));
}

export function sessionRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    const tags = ['sessions'];
    registerAnswerCleanup(app);
    app.get(
      '/api/sessions',
      { schema: { ...listSessionsSchema, tags }, config: { access: EVERYONE } },
      listSessionsHandler(deps),
    );
    app.get(
      '/api/patientSessions',
      { schema: { ...patientSessionsSchema, tags }, config: { access: EVERYONE } },
      patientSessionsHandler(deps),
    );
    app.post(
      '/api/addSession',
      { schema: { ...addSessionRouteSchema, tags }, config: { access: ADMIN } },
      addSessionHandler(deps),
    );
    app.post(
      '/api/removeSession',
      { schema: { ...removeSessionRouteSchema, tags }, config: { access: ADMIN } },
      removeSessionHandler(deps),
    );
    await app.register(async (uploads) => {
      streamUploads(uploads);
      const consumes = [...UPLOAD_CONTENT_TYPES];
      uploads.post(
        '/api/addSession/sendFile',
        { schema: { ...sendFileSchema, consumes, tags }, config: { access: ADMIN } },
        sendFileHandler(deps),
      );
      uploads.post(
        '/api/uploadSessionFile',
        {
          schema: { ...uploadSessionFileSchema, consumes, tags },
          config: { access: ADMIN },
        },
        uploadSessionFileHandler(deps),
      );
    });
    // Resumable uploads (docs/api-sessions.md): start, ask where it stands (GET, and HEAD for free), append chunks.
    app.post(
      '/api/uploads',
      { schema: { ...startUploadSchema, tags }, config: { access: ADMIN } },
      startUploadHandler(deps),
    );
    app.get(
      '/api/uploads/:uploadId',
      { schema: { ...uploadOffsetSchema, tags }, config: { access: ADMIN } },
      uploadOffsetHandler(deps),
    );
    await app.register(async (chunks) => {
      chunks.removeAllContentTypeParsers();
      chunks.addContentTypeParser(CHUNK_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
      chunks.patch(
        '/api/uploads/:uploadId',
        {
          schema: { ...appendChunkSchema, consumes: [CHUNK_CONTENT_TYPE], tags },
          config: { access: ADMIN },
        },
        appendChunkHandler(deps),
      );
    });
    const files = { schema: { ...downloadSessionFileSchema, tags: ['session files'] }, config: { access: EVERYONE } };
    app.get('/Internal/download/sessionData/:file', files, downloadSessionFileHandler(deps, false));
    app.get('/download/sessionData/:file', files, downloadSessionFileHandler(deps, true));
  };
}
