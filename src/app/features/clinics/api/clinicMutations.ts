import { useMutation } from '@tanstack/react-query';
import type { AddClinicInput, UpdateClinicInput } from '#shared/records/clinicSchemas';
import { submitMutation } from '#app/lib/mirror/outbox';

// Writes go through the outbox (idempotency key first); success re-syncs the clinic, clinician and patient mirrors.

function addClinic(body: AddClinicInput) {
  return submitMutation('addClinic', body, { recordKey: body.ClinicID });
}

function updateClinic(body: UpdateClinicInput) {
  return submitMutation('updateClinic', body, { recordKey: body.ID });
}

function removeClinic(clinicId: string) {
  return submitMutation('removeClinic', { ClinicID: clinicId }, { recordKey: clinicId });
}

export const useSaveClinic = () =>
  useMutation({
    mutationFn: (body: AddClinicInput | UpdateClinicInput) => ('ID' in body ? updateClinic(body) : addClinic(body)),
  });

export const useRemoveClinic = () => useMutation({ mutationFn: removeClinic });
