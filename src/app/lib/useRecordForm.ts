import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isVerbatimValidationMessage, type RecordKind } from '#shared/messages';
import { notify } from '#app/components/ui/Toast';
import type { MutationAnswer } from './mirror/outboxPolicy.ts';
import { saveFailureFeedback, saveSuccessFeedback, type Feedback } from './recordFeedback.ts';

export type RecordFormOptions<V, B> = {
  kind: RecordKind;
  isEdit: boolean;
  initial: () => V;
  /** The request body from the form; `newId` is the client-made id of a new record (made once per dialog). */
  toBody: (values: V, newId: string) => B;
  /** The shared schema's first problem with the body, checked before anything is sent. */
  problemOf: (body: B) => string | undefined;
  save: UseMutationResult<MutationAnswer, Error, B>;
  onClose: () => void;
};

/**
 * The state and submit flow of a simple record dialog (Add/Edit Clinician, Add/Edit Clinic): values, the specification's (docs/spec.md)
 * 'Error: ' prefix for verbatim validation messages (§5), and §8 feedback that closes the dialog on success.
 */
export function useRecordForm<V, B>({
  kind,
  isEdit,
  initial,
  toBody,
  problemOf,
  save,
  onClose,
}: RecordFormOptions<V, B>) {
  const [values, setValues] = useState<V>(initial);
  // Made once per dialog: a repeated Add after a lost answer is refused as a duplicate, never stored twice.
  const [newId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [isDirty, setDirty] = useState(false);
  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) => {
      setDirty(true);
      setValues((current) => ({ ...current, [key]: value }));
    };

  const show = (feedback: Feedback): void => {
    if (!feedback.closes) return setError(feedback.text);
    notify(feedback.text, feedback.tone);
    onClose();
  };

  const submit = (): void => {
    const body = toBody(values, newId);
    const problem = problemOf(body);
    if (problem) {
      setError(isVerbatimValidationMessage(problem) ? `Error: ${problem}` : problem);
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: (answer) => show(saveSuccessFeedback(kind, isEdit ? 'edit' : 'add', answer)),
      onError: (failure) => show(saveFailureFeedback(failure)),
    });
  };

  return { values, set, error, submit, isBusy: save.isPending, isDirty };
}
