import { useState } from 'react';
import { MESSAGES } from '#shared/messages';
import type { Clinic } from '#shared/records/clinic';
import { ConfirmDeleteDialog } from '#app/components/ui/ConfirmDeleteDialog';
import { notify } from '#app/components/ui/Toast';
import { deleteFeedback } from '#app/lib/recordFeedback';
import { useRemoveClinic } from './api/clinicMutations.ts';
import { clinicName } from './clinicList.ts';

export type DeleteClinicDialogProps = { clinic: Clinic; onClose: () => void };

/** docs/spec.md §4 Delete: the clinic's name must be typed exactly; the server refuses while it has clinicians or patients. */
export function DeleteClinicDialog({ clinic, onClose }: DeleteClinicDialogProps) {
  const remove = useRemoveClinic();
  const [error, setError] = useState<string | null>(null);

  const confirm = (): void => {
    setError(null);
    remove.mutate(clinic.ClinicID, {
      onSettled: (_answer, failure) => {
        const feedback = deleteFeedback('Clinic', failure ?? undefined, MESSAGES.clinicDeleteFailed);
        if (feedback.closes) {
          notify(feedback.text, feedback.tone);
          onClose();
        } else {
          setError(feedback.text);
        }
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      title="Delete Clinic"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      targetText={clinicName(clinic)}
      onConfirm={confirm}
      isBusy={remove.isPending}
      error={error}
    />
  );
}
