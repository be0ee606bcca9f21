import { useState } from 'react';
import { MESSAGES } from '#shared/messages';
import type { Clinician } from '#shared/records/clinician';
import { ConfirmDeleteDialog } from '#app/components/ui/ConfirmDeleteDialog';
import { deleteTargetText } from '#app/components/ui/deleteConfirmation';
import { notify } from '#app/components/ui/Toast';
import { deleteFeedback } from '#app/lib/recordFeedback';
import { useRemoveClinician } from './api/clinicianMutations.ts';

export type DeleteClinicianDialogProps = { record: Clinician; onClose: () => void };

/** docs/spec.md §4 Delete: the full name (or the single name) must be typed exactly before Delete is enabled. */
export function DeleteClinicianDialog({ record, onClose }: DeleteClinicianDialogProps) {
  const remove = useRemoveClinician();
  const [error, setError] = useState<string | null>(null);
  const target = deleteTargetText(record.Forename, record.Surname, MESSAGES.unnamedClinician);

  const confirm = (): void => {
    setError(null);
    remove.mutate(record.ClinicianID, {
      onSettled: (_answer, failure) => {
        const feedback = deleteFeedback('Clinician', failure ?? undefined, MESSAGES.clinicianDeleteFailed);
        if (!feedback.closes) {
          setError(feedback.text);
          return;
        }
        notify(feedback.text, feedback.tone);
        onClose();
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      title="Delete Clinician"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      targetText={target}
      onConfirm={confirm}
      isBusy={remove.isPending}
      error={error}
    />
  );
}
