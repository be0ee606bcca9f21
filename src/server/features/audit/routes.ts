import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { exportAuditEvents } from './exportAuditEvents.ts';
import { getAuditLog } from './getAuditLog.ts';
import { listAuditEvents } from './listAuditEvents.ts';

export function auditRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'auditLog', getAuditLog(deps));
    serveCall(app, 'auditEvents', listAuditEvents(deps));
    serveCall(app, 'auditEventsCsv', exportAuditEvents(deps));
  };
}
