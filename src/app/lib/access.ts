import type { UserType } from '#shared/auth/userTypes';
import type { StoredLogin } from './storedLogin.ts';

export type HomePath = `/${UserType}/home`;

export function homePath(type: UserType): HomePath {
  return `/${type}/home`;
}

/** What a guarded page does for the current login (docs/spec.md §2: homes need a token, one role each). */
export type AccessDecision =
  { kind: 'allow'; login: StoredLogin } | { kind: 'login'; redirect: string } | { kind: 'ownHome'; path: HomePath };

export function decideAccess(
  login: StoredLogin | null,
  allowed: readonly UserType[],
  requestedHref: string,
): AccessDecision {
  if (!login) return { kind: 'login', redirect: requestedHref };
  if (allowed.includes(login.loginType)) return { kind: 'allow', login };
  return { kind: 'ownHome', path: homePath(login.loginType) };
}

/**
 * Only same-origin paths are followed after login; anything else (another host, `//host`,
 * `javascript:`) falls back to the home page, so a crafted link cannot send a user away.
 */
export function safeRedirect(requested: string | undefined): string | undefined {
  if (!requested?.startsWith('/') || requested.startsWith('//') || requested.startsWith('/\\')) {
    return undefined;
  }
  return requested;
}

/** Where to go after a successful login (docs/spec.md §4: the requested page, else the home of the type). */
export function afterLoginHref(type: UserType, requested: string | undefined): string {
  return safeRedirect(requested) ?? homePath(type);
}
