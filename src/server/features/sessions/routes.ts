import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { UPLOAD_CONTENT_TYPES } from '#shared/sessions/sessionSchemas';
import type { SessionDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { uploadRoutes } from './tus/routes.ts';
import { addSession } from './addSession.ts';
import { registerAnswerCleanup } from './answerCleanup.ts';
import { downloadSessionFile } from './downloadSessionFile.ts';
import { listSessions } from './listSessions.ts';
import { patientSessions } from './patientSessions.ts';
import { removeSession } from './removeSession.ts';
import { sendFile } from './sendFile.ts';
import { sessionSubSessions } from './sessionSubSessions.ts';
import { uploadSessionFile } from './uploadSessionFile.ts';

/**
 * File uploads get the request body as a stream, never parsed or buffered, so a 2 GB video streams to storage.
 * The content decides what a file is, so every content type a client may label a file with is passed through as is.
 */
function streamBodies(app: FastifyInstance, types: readonly string[]): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...types], (_request, payload, done) => done(null, payload));
}

export function sessionRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    registerAnswerCleanup(app);
    serveCall(app, 'sessions', listSessions(deps));
    serveCall(app, 'patientSessions', patientSessions(deps));
    serveCall(app, 'session', sessionSubSessions(deps));
    serveCall(app, 'addSession', addSession(deps));
    serveCall(app, 'removeSession', removeSession(deps));
    await app.register(async (uploads) => {
      streamBodies(uploads, UPLOAD_CONTENT_TYPES);
      serveCall(uploads, 'sendFile', sendFile(deps));
      serveCall(uploads, 'uploadSessionFile', uploadSessionFile(deps));
    });
    // Resumable uploads with the tus protocol (docs/api-sessions.md).
    await app.register(uploadRoutes(deps));
    serveCall(app, 'downloadSessionFile', downloadSessionFile(deps, false));
    serveCall(app, 'viewSessionFileText', downloadSessionFile(deps, true));
  };
}
