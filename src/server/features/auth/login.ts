import { loginRequestSchema } from '#shared/auth/login';
import type { UserType } from '#shared/auth/userTypes';
import { loginThrottledMessage, MESSAGES } from '#shared/messages';
import { findCredentials } from '#server/auth/accounts';
import { verifyPassword } from '#server/auth/passwords';
import { deviceCookieHeader, trustedDevice } from '#server/auth/deviceCookie';
import { admitAttempt, deviceThrottleKeys, recordSuccess, throttleKeys } from '#server/auth/throttle';
import { issueToken } from '#server/auth/tokens';
import type { AppDeps } from '#server/deps';
import { clientAddress } from '#server/http/clientAddress';
import { parseRequestPart } from '#server/http/requestValidation';
import type { CallHandler } from '#server/http/serveCall';

/** The four login calls, one per kind of login, alike but for the role they log in. */
export type LoginCall = `${UserType}Login`;

const failure = (message: string) => ({ Result: 'Failure' as const, Data: { Error: message } });

/**
 * Logs a user of one type in. Unknown user and wrong password get the same answer and take the same time. Every
 * attempt is counted before the password is checked (src/server/auth/throttle.ts), whether or not the account
 * exists; one past the limits is answered 429 with Retry-After, and audited once per account and window. A device
 * that logged in to the account before is counted by its device cookie instead of its address and the account.
 */
export function login(deps: AppDeps, role: UserType): CallHandler<LoginCall> {
  return async (request, reply) => {
    const { db } = deps.database;
    const address = clientAddress(request);
    const audit = (userId: string, outcome: 'success' | 'failure' | 'denied', action = 'login', detail = '') =>
      deps.audit.record({ userId, role, action, target: `${role}:${userId}${detail}`, outcome, address });

    // The route attaches validation errors instead of throwing, so a bad login keeps the login response shape.
    const parsed = parseRequestPart(loginRequestSchema, request.body);
    if (!parsed.success) return reply.code(400).send(failure(parsed.error.issues[0]?.message ?? MESSAGES.loginFailed));
    const { username, password } = parsed.data;
    const account = `${role}:${username.trim().toLowerCase()}`;
    const device = trustedDevice(deps.deviceCookieKey, request.headers.cookie, account);
    const keys = device === undefined ? throttleKeys(account, address) : deviceThrottleKeys(device);
    const admission = await admitAttempt(db, deps.clock, keys);
    if (!admission.admitted) {
      if (admission.firstRefusalInWindow) {
        await audit(username, 'denied', 'login.throttled', ` (${admission.limit} limit)`);
      }
      reply.header('Retry-After', String(admission.retryAfterSeconds));
      return reply.code(429).send(failure(loginThrottledMessage(admission.retryAfterSeconds)));
    }
    const found = await findCredentials(db, role, username);
    const valid = await verifyPassword(found?.passwordHash, password);
    if (found === undefined || !valid) {
      await audit(found?.id ?? `unknown(${username})`, 'failure');
      return reply.code(401).send(failure(MESSAGES.loginFailed));
    }
    await recordSuccess(db, keys);
    reply.header('Set-Cookie', deviceCookieHeader(deps.deviceCookieKey, account, request.protocol === 'https'));
    const policy = { idleSeconds: deps.config.tokenIdleSeconds, absoluteSeconds: deps.config.tokenAbsoluteSeconds };
    const token = await issueToken(db, deps.clock, policy, { id: found.id, role });
    await audit(found.id, 'success');
    return reply.send({ Result: 'Success' as const, Data: { ID: found.id, AccessToken: token } });
  };
}
