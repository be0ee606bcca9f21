import type { FastifyPluginAsync } from 'fastify';
import type { SessionDeps } from '#server/deps';
import { generateReportHandler, generateReportRouteSchema } from './generateReport.ts';
import { getReportHandler, getReportRouteSchema } from './getReport.ts';

export function reportRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (app) => {
    const tags = ['reports'];
    app.post(
      '/api/generate-report',
      {
        schema: { ...generateReportRouteSchema, tags },
        config: { access: ['patient', 'clinician', 'clinic', 'admin'] },
      },
      generateReportHandler(deps),
    );
    // The signed link is the credential: a new browser tab cannot send the bearer token.
    app.get(
      '/reports/:file',
      { schema: { ...getReportRouteSchema, tags }, config: { access: 'public' } },
      getReportHandler(deps),
    );
  };
}
