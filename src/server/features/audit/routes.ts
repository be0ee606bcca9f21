import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { auditLogText } from '#server/audit/auditTrail';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';

export function auditRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/api/auditLog',
      {
        schema: {
          tags: ['audit'],
          querystring: z.object({ UserType: userTypeSchema.optional() }),
          response: { 200: z.object({ Data: z.string() }) },
        },
        config: { access: ['admin'] },
      },
      async (request) => {
        // Reading the trail is itself recorded, before the text is built, so it shows at the top.
        await auditRequest(deps, request, 'auditLog.read', 'audit_log');
        return { Data: await auditLogText(deps.database) };
      },
    );
  };
}
