import type { FastifyPluginAsync } from 'fastify';
import type { SessionDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { exportPatientFhir } from './exportPatientFhir.ts';
import { exportSession } from './exportSession.ts';
import { exportSessionsZip } from './exportSessionsZip.ts';

/** Exports for other tools: CSV, C3D, FHIR R4 and a zip of several sessions (docs/export-formats.md). */
export function exportRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'exportSession', exportSession(deps));
    serveCall(app, 'exportSessionsZip', exportSessionsZip(deps));
    serveCall(app, 'exportPatientFhir', exportPatientFhir(deps));
  };
}
