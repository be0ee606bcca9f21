import { useMutation } from '@tanstack/react-query';
import { loginPath, loginResponseSchema, type LoginRequest } from '#shared/auth/login';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { http } from '#app/lib/api';
import type { StoredLogin } from '#app/lib/storedLogin';

/**
 * 'rejected' is the server's own answer (shown in an alert and the form, spec §8);
 * 'unavailable' is a network or unexpected failure (shown in the form only).
 */
export type LoginOutcome =
  | { kind: 'success'; login: StoredLogin }
  | { kind: 'rejected'; error: string }
  | { kind: 'unavailable'; error: string };

export const UNREACHABLE_MESSAGE = 'Unable to reach the server. Please check the connection and try again.';

export async function logIn(type: UserType, credentials: LoginRequest): Promise<LoginOutcome> {
  let body: unknown;
  try {
    // Failures come back as 400/401/429 with a body we want to read, so no throwing on status.
    const response = await http.post(loginPath(type), { json: credentials, throwHttpErrors: false, retry: 0 });
    body = await response.json();
  } catch (error) {
    const offline = error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
    return { kind: 'unavailable', error: offline ? UNREACHABLE_MESSAGE : MESSAGES.someError };
  }
  const parsed = loginResponseSchema.safeParse(body);
  if (!parsed.success) return { kind: 'unavailable', error: MESSAGES.someError };
  if (parsed.data.Result === 'Failure') return { kind: 'rejected', error: parsed.data.Data.Error };
  return {
    kind: 'success',
    login: { id: parsed.data.Data.ID, accessToken: parsed.data.Data.AccessToken, loginType: type },
  };
}

export function useLogIn(type: UserType) {
  return useMutation({ mutationFn: (credentials: LoginRequest) => logIn(type, credentials) });
}
