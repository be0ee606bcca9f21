import { isVerbatimValidationMessage, MESSAGES, recordMessages, type RecordKind } from '#shared/messages';
import { MutationError, MutationNetworkError, type MutationAnswer } from './mirror/outboxPolicy.ts';

export type SaveMode = 'add' | 'edit';

/** What to tell the user after a write; `closes` says whether the dialog has done its job. */
export type Feedback = { text: string; tone: 'success' | 'error' | 'info'; closes: boolean };

/** docs/spec.md §8: returnValue 0 is success; any other returnValue asks the user to check the details. */
export function saveSuccessFeedback(kind: RecordKind, mode: SaveMode, answer: MutationAnswer): Feedback {
  const texts = recordMessages(kind);
  const returnValue = answer.returnValue ?? 0;
  if (returnValue === 0 || returnValue === '0') {
    return { text: mode === 'add' ? texts.added : texts.updated, tone: 'success', closes: true };
  }
  return { text: mode === 'add' ? texts.checkBeforeAdding : texts.checkBeforeUpdating, tone: 'error', closes: false };
}

/**
 * docs/spec.md §5/§8: a known validation message verbatim after 'Error: ', otherwise the generic text. A write that did not
 * reach the server stays in the outbox and is sent again (docs/design.md Data flow 3), so the dialog may close.
 */
export function saveFailureFeedback(error: unknown): Feedback {
  if (error instanceof MutationNetworkError) return { text: error.message, tone: 'info', closes: true };
  if (error instanceof MutationError) {
    const message = error.body.error ?? '';
    if (isVerbatimValidationMessage(message)) return { text: `Error: ${message}`, tone: 'error', closes: false };
    if (error.status === 409 && error.body.current !== undefined)
      return { text: MESSAGES.staleEdit, tone: 'error', closes: false };
    if (error.status === 403) return { text: MESSAGES.forbidden, tone: 'error', closes: false };
  }
  return { text: MESSAGES.someError, tone: 'error', closes: false };
}

/** docs/spec.md §8 delete texts; `failed` is the kind's own failure text (e.g. MESSAGES.clinicianDeleteFailed). */
export function deleteFeedback(kind: RecordKind, error: unknown, failed: string): Feedback {
  if (error === undefined) return { text: recordMessages(kind).deleted, tone: 'success', closes: true };
  if (error instanceof MutationNetworkError) return { text: error.message, tone: 'info', closes: true };
  return { text: failed, tone: 'error', closes: false };
}
