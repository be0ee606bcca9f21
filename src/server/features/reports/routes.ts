import type { FastifyPluginAsync } from 'fastify';
import type { SessionDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { generateGroupReport } from './generateGroupReport.ts';
import { generateReport } from './generateReport.ts';
import { getReport } from './getReport.ts';

export function reportRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'generate-report', generateReport(deps));
    serveCall(app, 'generate-group-report', generateGroupReport(deps));
    // The signed link is the credential: a new browser tab cannot send the bearer token.
    serveCall(app, 'getReport', getReport(deps));
  };
}
