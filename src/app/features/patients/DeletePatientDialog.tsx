import { useState } from 'react';
import { ConfirmDeleteDialog } from '#app/components/ui/ConfirmDeleteDialog';
import { notify } from '#app/components/ui/Toast';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { MutationNetworkError } from '#app/lib/mirror/outbox';
import { loginStore } from '#app/lib/storedLogin';
import { useRemovePatient } from './api/patientMutations.ts';
import { deleteFeedback } from './mutationFeedback.ts';
import { patientDeleteTarget } from './patientText.ts';

/** Delete after typing the patient's name, or ID when unnamed (docs/spec.md §4); success and failure texts from docs/spec.md §8. */
export function DeletePatientDialog({ patient, onClose }: { patient: MirroredPatient; onClose: () => void }) {
  const remove = useRemovePatient();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    remove.mutate(patient, {
      onSuccess: () => {
        notify(deleteFeedback(undefined).text, 'success');
        onClose();
      },
      onError: (failure) => {
        if (!loginStore.read()) return;
        // Queued in the outbox, sent when the server can be reached.
        if (failure instanceof MutationNetworkError) {
          notify(failure.message, 'info');
          onClose();
          return;
        }
        const { text } = deleteFeedback(failure);
        setError(text);
        notify(text, 'error');
      },
    });
  };
  return (
    <ConfirmDeleteDialog
      title="Delete Patient"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      targetText={patientDeleteTarget(patient)}
      onConfirm={confirm}
      isBusy={remove.isPending}
      error={error}
    >
      <p>Patients with recorded sessions cannot be deleted.</p>
    </ConfirmDeleteDialog>
  );
}
