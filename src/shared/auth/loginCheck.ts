import { LOGIN_FIELD_MESSAGES as M, PASSWORD_MAX, USERNAME_MAX } from './loginLimits.ts';

/**
 * The login form's checks and the login answer's shape without zod: zod's classes would ride in the login bundle, and its JIT probe
 * (`new Function`) breaks a Content-Security-Policy without 'unsafe-eval' on the first page anyone opens. Each gives
 * the verdict and the message of the zod schema in login.ts for every input; loginCheck.test.ts holds them to it.
 */

/** Characters as zod counts them for min/max: code points, so an emoji (two UTF-16 units) counts once. */
const characters = (text: string): number => (text.length <= 1 ? text.length : [...text].length);

/** The first problem with a username as typed (the server trims it first), or null. */
export function usernameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return M.usernameMissing;
  const trimmed = value.trim();
  if (characters(trimmed) < 1) return M.usernameMissing;
  if (characters(trimmed) > USERNAME_MAX) return M.usernameTooLong;
  return null;
}

/** The first problem with a password as typed (never trimmed), or null. */
export function passwordProblem(value: unknown): string | null {
  if (typeof value !== 'string') return M.passwordMissing;
  if (characters(value) < 1) return M.passwordMissing;
  if (characters(value) > PASSWORD_MAX) return M.passwordTooLong;
  return null;
}

export type LoginAnswer =
  { Result: 'Success'; Data: { ID: string; AccessToken: string } } | { Result: 'Failure'; Data: { Error: string } };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A login answer with only the fields the app reads (other keys dropped, as zod strips them), or null if malformed. */
export function readLoginAnswer(body: unknown): LoginAnswer | null {
  if (!isRecord(body) || !isRecord(body.Data)) return null;
  const data = body.Data;
  if (body.Result === 'Success' && typeof data.ID === 'string' && typeof data.AccessToken === 'string') {
    return { Result: 'Success', Data: { ID: data.ID, AccessToken: data.AccessToken } };
  }
  if (body.Result === 'Failure' && typeof data.Error === 'string') {
    return { Result: 'Failure', Data: { Error: data.Error } };
  }
  return null;
}
