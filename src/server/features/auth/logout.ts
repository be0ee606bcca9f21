import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { revokeToken } from '#server/auth/tokens';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';

export const logoutSchema = {
  body: z.object({ UserType: userTypeSchema.optional() }).optional(),
  response: { 200: z.object({ result: z.literal('success') }) },
};

/** Revokes the token the request was made with; other devices stay logged in. */
export function logoutHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (request.accessToken !== null) await revokeToken(deps.database.db, deps.clock, request.accessToken);
    await auditRequest(deps, request, 'logout', `${user.role}:${user.id}`);
    return { result: 'success' as const };
  };
}
