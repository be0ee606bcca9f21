import type { FastifyInstance } from 'fastify';
import type { UserType } from '#shared/auth/userTypes';
import { revokeToken } from '#server/auth/tokens';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';

/** The four logout calls, one per kind of login. */
export type LogoutCall = `${UserType}Logout`;

/**
 * Logout must end the session whatever was sent with it: a body that is missing, empty, not JSON or of another shape
 * must not turn it into a 400 that leaves the token alive. The body is read and thrown away, never parsed.
 */
export function ignoreLogoutBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.on('error', () => done(null, undefined));
    payload.on('end', () => done(null, undefined));
    payload.resume();
  });
}

/** Revokes the token the request was made with; other devices stay logged in. */
export function logout(deps: AppDeps): CallHandler<LogoutCall> {
  return async (request) => {
    const user = currentUser(request);
    if (request.accessToken !== null) await revokeToken(deps.database.db, deps.clock, request.accessToken);
    await auditRequest(deps, request, 'logout', `${user.role}:${user.id}`);
    return { result: 'success' as const };
  };
}
