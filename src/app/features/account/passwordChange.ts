import type { UserType } from '#shared/auth/userTypes';
import type { MutationResult } from '#shared/api/results';
import { isVerbatimValidationMessage, MESSAGES } from '#shared/messages';
import type { PasswordOwner } from './api/changeOwnPassword.ts';

export type PasswordChangeCheck = { ok: true; owner: PasswordOwner } | { ok: false; message: string };

/** Checks made before any call (docs/spec.md §5, Change password). */
export function checkPasswordChange(type: UserType, password: string, confirmation: string): PasswordChangeCheck {
  if (password !== confirmation) return { ok: false, message: MESSAGES.passwordsDiffer };
  if (type === 'admin') return { ok: false, message: MESSAGES.adminPasswordUnavailable };
  return { ok: true, owner: type };
}

export type PasswordChangeReport = { succeeded: boolean; message: string };

/** The message for a call that returned a result body (docs/spec.md §8). */
export function reportResult(result: MutationResult): PasswordChangeReport {
  if (result.result === 'success' && Number(result.returnValue ?? 0) === 0) {
    return { succeeded: true, message: MESSAGES.passwordUpdated };
  }
  if (result.error) return reportError(result.error);
  return { succeeded: false, message: MESSAGES.checkDetailsPassword };
}

/** The message for a failed call; `serverError` is the body's `error`, if there was one. */
export function reportError(serverError: string | undefined): PasswordChangeReport {
  if (serverError && isVerbatimValidationMessage(serverError)) {
    return { succeeded: false, message: `Error: ${serverError}` };
  }
  return { succeeded: false, message: MESSAGES.someError };
}
