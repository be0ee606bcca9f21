import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { resolveToken } from '#server/auth/tokens';
import type { AppDeps } from '#server/deps';
import { clientAddress } from './clientAddress.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';

/**
 * The bearer token, or the access_token query parameter that video sources, downloads and new tabs must use: only
 * on those routes (tokenInQuery), so that a token copied into any other address is no token at all.
 */
function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ?? null;
  }
  if (request.routeOptions.config.tokenInQuery !== true) return null;
  const fromQuery = field(request.query, 'access_token');
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

/** A field of the query or body as it arrived: authentication runs before any route's schema has parsed them. */
function field(part: unknown, name: 'access_token' | 'UserType'): unknown {
  if (typeof part !== 'object' || part === null) return undefined;
  return Object.entries(part).find(([key]) => key === name)?.[1];
}

function claimedUserType(request: FastifyRequest): unknown {
  return field(request.query, 'UserType') ?? field(request.body, 'UserType');
}

/**
 * Every API route requires a valid token unless it is marked public, and only the roles it lists may call it.
 * This runs before validation, so an anonymous caller learns nothing about a route's input rules.
 */
export function registerAuthentication(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  const policy = { idleSeconds: deps.config.tokenIdleSeconds, absoluteSeconds: deps.config.tokenAbsoluteSeconds };

  // Secure by default: an API route that does not come from the call map (which says who may call it) is a bug,
  // caught when the app is built.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') || route.url.startsWith('/Internal/');
    const declared = route.config?.access !== undefined && route.config.call !== undefined;
    if ((isApi && !route.url.startsWith('/api/docs')) || route.config?.access !== undefined) {
      if (!declared) throw new Error(`Route ${route.method.toString()} ${route.url} is not served from the call map`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const token = readAccessToken(request);
    const user = token === null ? { refused: null } : await resolveToken(deps.database.db, deps.clock, policy, token);
    if ('refused' in user) {
      // The reason only tells the token's holder what happened to it; an unknown token learns nothing.
      throw unauthorized(MESSAGES.accessTokenInvalid, user.refused === null ? {} : { reason: user.refused });
    }
    request.user = user;
    request.accessToken = token;

    const claimed = claimedUserType(request);
    if (claimed !== undefined && claimed !== null && claimed !== '') {
      if (!isUserType(claimed)) throw badRequest(MESSAGES.userTypeNotRecognised);
      if (claimed !== user.role) throw forbidden(MESSAGES.userTypeMismatch);
    }
    if (!access.includes(user.role)) {
      await deps.audit.record({
        userId: user.id,
        role: user.role,
        action: `${request.method} ${request.routeOptions.url ?? ''}`,
        target: '-',
        outcome: 'denied',
        address: clientAddress(request),
      });
      throw forbidden(MESSAGES.forbidden);
    }
  });
}

/** The authenticated user of a route that is not public. */
export function currentUser(request: FastifyRequest) {
  if (request.user === null) throw unauthorized(MESSAGES.accessTokenInvalid);
  return request.user;
}
