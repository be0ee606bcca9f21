import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '#shared/auth/login';
import { readLoginAnswer } from '#shared/auth/loginCheck';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { http } from '#app/lib/api';
import { sendPost } from '#app/lib/apiCall';
import type { StoredLogin } from '#app/lib/storedLogin';
import { OFFLINE_LOGIN_MESSAGES, UNREACHABLE_MESSAGE } from '../loginMessages.ts';

/**
 * 'rejected' is the server's own answer (shown in an alert and the form, docs/spec.md §8); 'unavailable' is a network or
 * unexpected failure (shown in the form only). 'success' offline means the device's vault opened without the server.
 */
export type LoginOutcome =
  | { kind: 'success'; login: StoredLogin; offline: boolean }
  | { kind: 'rejected'; error: string }
  | { kind: 'unavailable'; error: string };

// The vault code (Dexie, WebCrypto) loads only once Login is pressed: the login page's bundle stays small.
const vault = () => import('#app/lib/vault/vaultLogin');

async function logIn(type: UserType, credentials: LoginRequest): Promise<LoginOutcome> {
  let body: unknown;
  try {
    // Failures come back as 400/401/429 with a body we want to read, so no throwing on status.
    const response = await sendPost(`${type}Login`, credentials, { client: http, throwHttpErrors: false, retry: 0 });
    body = await response.json();
  } catch (error) {
    const offline = error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
    return offline ? logInOffline(type, credentials) : { kind: 'unavailable', error: MESSAGES.someError };
  }
  const answer = readLoginAnswer(body);
  if (!answer) return { kind: 'unavailable', error: MESSAGES.someError };
  if (answer.Result === 'Failure') return { kind: 'rejected', error: answer.Data.Error };
  const login: StoredLogin = { id: answer.Data.ID, accessToken: answer.Data.AccessToken, loginType: type };
  await (await vault()).openVaultAtLogin({ type, ...credentials, login });
  return { kind: 'success', login, offline: false };
}

/** No server: the same user opens what this device keeps for them, with their password (docs/design.md Data flow 8). */
async function logInOffline(type: UserType, { username, password }: LoginRequest): Promise<LoginOutcome> {
  const unlock = await (await vault()).unlockOffline(type, username, password).catch(() => null);
  if (!unlock) return { kind: 'unavailable', error: UNREACHABLE_MESSAGE };
  if (unlock.kind === 'unlocked') return { kind: 'success', login: unlock.login, offline: true };
  return { kind: 'unavailable', error: OFFLINE_LOGIN_MESSAGES[unlock.kind] };
}

export function useLogIn(type: UserType) {
  return useMutation({ mutationFn: (credentials: LoginRequest) => logIn(type, credentials) });
}
