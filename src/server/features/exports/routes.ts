import type { FastifyPluginAsync } from 'fastify';
import type { SessionDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { exportPatientFhir } from './exportPatientFhir.ts';
import { createExportRunner } from './exportRunner.ts';
import { exportSession } from './exportSession.ts';
import { exportSessionsZip } from './exportSessionsZip.ts';

/** Exports for other tools: CSV, C3D, FHIR R4 and a zip of several sessions (docs/export-formats.md). */
export function exportRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    const runner = createExportRunner({ memoryMb: deps.config.exportMemoryMb });
    app.addHook('onClose', () => runner.close());
    serveCall(app, 'exportSession', exportSession(deps, runner));
    serveCall(app, 'exportSessionsZip', exportSessionsZip(deps, runner));
    serveCall(app, 'exportPatientFhir', exportPatientFhir(deps, runner));
  };
}
