import { useMutation } from '@tanstack/react-query';
import type { AddClinicianInput, UpdateClinicianInput } from '#shared/records/clinicianSchemas';
import { submitMutation } from '#app/lib/mirror/outbox';

// Writes go through the outbox (idempotency key first); success re-syncs the clinician and patient mirrors.

function addClinician(body: AddClinicianInput) {
  return submitMutation('addClinician', body, { recordKey: body.ClinicianID });
}

function updateClinician(body: UpdateClinicianInput) {
  return submitMutation('updateClinician', body, { recordKey: body.ID });
}

function removeClinician(clinicianId: string) {
  return submitMutation('removeClinician', { ClinicianID: clinicianId }, { recordKey: clinicianId });
}

export const useSaveClinician = () =>
  useMutation({
    mutationFn: (body: AddClinicianInput | UpdateClinicianInput) =>
      'ID' in body ? updateClinician(body) : addClinician(body),
  });

export const useRemoveClinician = () => useMutation({ mutationFn: removeClinician });
