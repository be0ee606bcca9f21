import ky, { HTTPError } from 'ky';
import { isSessionEndReason, type SessionEndReason } from '#shared/auth/sessionEnd';
import { MESSAGES } from '#shared/messages';
import { loginStore, type StoredLogin } from './storedLogin.ts';

/** What the app does on a forced logout: the login that died and, when the server said, why. */
type TokenInvalidHandler = (login: StoredLogin, reason: SessionEndReason | null) => void;

let onAccessTokenInvalid: TokenInvalidHandler = () => undefined;

/** Set once at start-up by the app, which owns the router (lib must not import routes). */
export function handleAccessTokenInvalid(handler: TokenInvalidHandler): void {
  onAccessTokenInvalid = handler;
}

/** Requests that must not trigger the forced logout, i.e. login and logout themselves. */
export const http = ky.create({ timeout: 30_000 });

/** Every other call: carries the bearer token; a dead token logs the user out (docs/spec.md §4, §8). */
export const api = http.extend({
  hooks: {
    beforeRequest: [
      (request) => {
        const login = loginStore.read();
        if (login && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Bearer ${login.accessToken}`);
        }
      },
    ],
    afterResponse: [
      async (_request, _options, response) => {
        if (response.status !== 401) return;
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => null);
        const login = loginStore.read();
        if (readError(body) === MESSAGES.accessTokenInvalid && login) {
          loginStore.clear();
          // A reason this client does not know (a newer server's) still logs out, only without saying why.
          const reason = (body as { reason?: unknown }).reason;
          onAccessTokenInvalid(login, isSessionEndReason(reason) ? reason : null);
        }
      },
    ],
  },
});

function readError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' ? body.error : undefined;
}

/** The `{error}` text of a failed call, if the server sent one. */
export async function serverErrorOf(error: unknown): Promise<string | undefined> {
  if (!(error instanceof HTTPError)) return undefined;
  const body: unknown = await error.response
    .clone()
    .json()
    .catch(() => null);
  return readError(body);
}
