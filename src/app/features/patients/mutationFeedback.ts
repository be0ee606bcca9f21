import { isVerbatimValidationMessage, MESSAGES, recordMessages } from '#shared/messages';
import { MutationError, MutationNetworkError, type MutationAnswer } from '#app/lib/mirror/outbox';

const patientTexts = recordMessages('Patient');

export type SaveMode = 'add' | 'edit';

export type Feedback = { text: string; succeeded: boolean };

/** docs/spec.md §8: success with returnValue 0 is the success text; any other returnValue asks to check the details. */
export function saveSuccessFeedback(answer: MutationAnswer, mode: SaveMode): Feedback {
  const returnValue = answer.returnValue ?? 0;
  if (returnValue === 0 || returnValue === '0') {
    return { text: mode === 'add' ? patientTexts.added : patientTexts.updated, succeeded: true };
  }
  return { text: mode === 'add' ? patientTexts.checkBeforeAdding : patientTexts.checkBeforeUpdating, succeeded: false };
}

/** docs/spec.md §8: known validation messages verbatim after 'Error: ', a failed add call asks to check the fields. */
export function saveFailureText(error: unknown, mode: SaveMode): string {
  if (error instanceof MutationError && error.body.error && isVerbatimValidationMessage(error.body.error)) {
    return `Error: ${error.body.error}`;
  }
  if (mode === 'add' && error instanceof MutationNetworkError) return MESSAGES.addPatientCallFailed;
  return MESSAGES.someError;
}

/**
 * A 409 on an add means a patient with this dialog's client-made UniquePatientID exists: an earlier attempt whose
 * answer was lost did reach the server. Nothing else can hold a fresh random UUID, so the add has succeeded.
 */
export function isAlreadyAdded(error: unknown, mode: SaveMode): boolean {
  return mode === 'add' && error instanceof MutationError && error.status === 409;
}

/** A 409 on an edit: someone changed the record since the dialog opened (docs/design.md Data flow 3). */
export function isConflict(error: unknown): error is MutationError {
  return error instanceof MutationError && error.status === 409;
}

export function deleteFeedback(error: unknown): Feedback {
  return error === undefined
    ? { text: patientTexts.deleted, succeeded: true }
    : { text: MESSAGES.patientDeleteFailed, succeeded: false };
}
