import { isVerbatimValidationMessage, MESSAGES } from '#shared/messages';
import { MutationError, MutationNetworkError, type MutationAnswer } from '#app/lib/mirror/outboxPolicy';

/**
 * Spec §8 for a failed file upload: a known validation message verbatim after 'Error: ', else the generic text.
 * A file refused as too large (413) or not what its type says (415) is also named verbatim: only the user can fix
 * that, and the generic text would leave them guessing. A file is not kept in the outbox, so a lost connection
 * asks the user to send it again.
 */
export function uploadFailureText(error: unknown): string {
  if (error instanceof MutationNetworkError)
    return 'The server could not be reached. Check the connection and try again.';
  if (error instanceof MutationError) {
    const message = error.body.error ?? '';
    if (isVerbatimValidationMessage(message) || (message && (error.status === 413 || error.status === 415)))
      return `Error: ${message}`;
    if (error.status === 403) return MESSAGES.forbidden;
  }
  return MESSAGES.someError;
}

/** Spec §8: returnValue 0 is success. */
export const isSuccessAnswer = (answer: MutationAnswer) => {
  const value = answer.returnValue ?? 0;
  return value === 0 || value === '0';
};
