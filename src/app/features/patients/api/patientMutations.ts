import { useMutation } from '@tanstack/react-query';
import type { Body } from '#shared/api/calls';
import { submitMutation } from '#app/lib/mirror/outbox';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { splitList } from '../patientText.ts';

/** docs/spec.md §7 addPatient, through the outbox (docs/design.md Data flow 3). */
function addPatient(body: Body<'addPatient'>, uniquePatientId: string) {
  return submitMutation('addPatient', body, { recordKey: uniquePatientId });
}

function updatePatient(body: Body<'updatePatient'>, patient: MirroredPatient) {
  return submitMutation('updatePatient', body, { recordKey: patient.UniquePatientID });
}

/** docs/spec.md §7 removePatient: PatientID with the first clinician and the first clinic of the patient. */
function removePatient(patient: MirroredPatient) {
  const [clinicianId] = splitList(patient.ClinicianIDs);
  const [clinicId] = splitList(patient.ClinicIDs);
  return submitMutation(
    'removePatient',
    {
      PatientID: patient.UniquePatientID,
      ...(clinicianId ? { ClinicianID: clinicianId } : {}),
      ...(clinicId ? { ClinicID: clinicId } : {}),
    },
    { recordKey: patient.UniquePatientID },
  );
}

export type SavePatientInput =
  | { mode: 'add'; body: Body<'addPatient'>; uniquePatientId: string }
  | { mode: 'edit'; body: Body<'updatePatient'>; patient: MirroredPatient };

export function useSavePatient() {
  return useMutation({
    mutationFn: (input: SavePatientInput) =>
      input.mode === 'add' ? addPatient(input.body, input.uniquePatientId) : updatePatient(input.body, input.patient),
  });
}

export function useRemovePatient() {
  return useMutation({ mutationFn: removePatient });
}
