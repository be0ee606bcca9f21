import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginRequestSchema, loginResponseSchema } from '#shared/auth/login';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { findCredentials } from '#server/auth/accounts';
import { verifyPassword } from '#server/auth/passwords';
import { clearAccountFailures, isLocked, recordFailure, throttleKeys } from '#server/auth/throttle';
import { issueToken } from '#server/auth/tokens';
import type { AppDeps } from '#server/deps';

export const loginSchema = {
  body: loginRequestSchema,
  response: { 200: loginResponseSchema, 400: loginResponseSchema, 401: loginResponseSchema, 429: loginResponseSchema },
};

const failure = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ Result: 'Failure' as const, Data: { Error: message } });

/**
 * Logs a user of one type in. Unknown user and wrong password get the same answer and take the same time;
 * repeated failures lock the account name and the address for a while (429), whether or not the account exists.
 */
export function loginHandler(deps: AppDeps, role: UserType) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { db } = deps.database;
    const audit = (userId: string, outcome: 'success' | 'failure' | 'denied', action = 'login') =>
      deps.audit.record({ userId, role, action, target: `${role}:${userId}`, outcome, address: request.ip });

    // The route attaches validation errors instead of throwing, so a bad login keeps the login response shape.
    const parsed = loginRequestSchema.safeParse(request.body);
    if (!parsed.success) return failure(reply, 400, parsed.error.issues[0]?.message ?? MESSAGES.loginFailed);
    const { username, password } = parsed.data;
    const keys = throttleKeys(role, username, request.ip);
    if (await isLocked(db, deps.clock, keys)) {
      await audit(username, 'denied', 'login.throttled');
      return failure(reply, 429, MESSAGES.loginThrottled);
    }
    const account = await findCredentials(db, role, username);
    const valid = await verifyPassword(account?.passwordHash, password);
    if (account === undefined || !valid) {
      await recordFailure(db, deps.clock, keys);
      await audit(account?.id ?? `unknown(${username})`, 'failure');
      return failure(reply, 401, MESSAGES.loginFailed);
    }
    await clearAccountFailures(db, keys);
    const policy = { idleSeconds: deps.config.tokenIdleSeconds, absoluteSeconds: deps.config.tokenAbsoluteSeconds };
    const token = await issueToken(db, deps.clock, policy, { id: account.id, role });
    await audit(account.id, 'success');
    return reply.send({ Result: 'Success' as const, Data: { ID: account.id, AccessToken: token } });
  };
}
