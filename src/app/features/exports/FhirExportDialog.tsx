import { useMutation } from '@tanstack/react-query';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { isOffline } from '#app/lib/mirror/reachability';
import { EXPORTS_NEED_NETWORK, downloadPatientFhir, exportErrorMessage } from './exportRequests.ts';
import { SaveOutcome } from './SaveOutcome.tsx';

type FhirExportPatient = { UniquePatientID: string; GivenPatientID: string; name: string };
export type FhirExportDialogProps = { patient: FhirExportPatient; onClose: () => void };

/** A patient's FHIR R4 Bundle from the patient list: the Patient and one Observation per gait measure and session. */
export function FhirExportDialog({ patient, onClose }: FhirExportDialogProps) {
  const fhir = useMutation({
    mutationFn: async () => {
      try {
        return await downloadPatientFhir(patient);
      } catch (error) {
        throw new Error(await exportErrorMessage(error));
      }
    },
  });
  return (
    <Dialog title="Export FHIR" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p>
            FHIR R4 for the hospital record: {patient.name} ({patient.GivenPatientID}) and one observation per gait
            measure of each of their sessions.
          </p>
          {isOffline() && <p role="status">{EXPORTS_NEED_NETWORK}</p>}
          <SaveOutcome saved={fhir} />
          <div className="actions">
            <Button isPending={fhir.isPending} onPress={() => fhir.mutate()}>
              Download FHIR Bundle
            </Button>
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
