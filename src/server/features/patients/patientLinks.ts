import type { AuthUser } from '#server/auth/tokens';
import { badRequest, forbidden } from '#server/http/errors';
import { unknownId } from '#server/records/unknownId';
import type { Trx } from '#server/http/idempotency';

export type PatientLinks = { clinicIds: string[]; clinicianIds: string[] };

async function existing(trx: Trx, table: 'clinics' | 'clinicians', ids: string[], label: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  if (rows.length !== ids.length) throw unknownId(label);
}

async function ownClinicIds(trx: Trx, clinicianId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('clinician_clinics')
    .select('clinic_id')
    .where('clinician_id', '=', clinicianId)
    .execute();
  return rows.map((r) => r.clinic_id);
}

async function clinicClinicianIds(trx: Trx, clinicId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('clinician_clinics')
    .select('clinician_id')
    .where('clinic_id', '=', clinicId)
    .execute();
  return rows.map((r) => r.clinician_id);
}

/** Keeps the links the caller may not see or change, and takes the requested ones only where the caller may set them. */
function merge(current: string[], requested: string[], allowed: Set<string>, label: string): string[] {
  if (requested.some((id) => !allowed.has(id))) throw unknownId(label);
  return [...new Set([...current.filter((id) => !allowed.has(id)), ...requested])];
}

/**
 * The clinics and clinicians a patient is linked to after an add (no current links) or an edit (docs/spec.md §5, §6):
 * a clinician chooses among their own clinics and is always linked; a clinic's patients stay in the clinic and it
 * chooses among its own clinicians; the admin chooses freely. Every patient keeps at least one clinic.
 */
export async function resolvePatientLinks(
  trx: Trx,
  user: AuthUser,
  requested: PatientLinks,
  current: PatientLinks = { clinicIds: [], clinicianIds: [] },
): Promise<PatientLinks> {
  let links: PatientLinks;
  switch (user.role) {
    case 'admin':
      await existing(trx, 'clinics', requested.clinicIds, 'ClinicIDs');
      await existing(trx, 'clinicians', requested.clinicianIds, 'ClinicianIDs');
      links = requested;
      break;
    case 'clinician': {
      const own = new Set(await ownClinicIds(trx, user.id));
      const clinicIds = merge(current.clinicIds, requested.clinicIds, own, 'ClinicIDs');
      const clinicianIds = current.clinicianIds.includes(user.id)
        ? current.clinicianIds
        : [...current.clinicianIds, user.id];
      links = { clinicIds, clinicianIds };
      break;
    }
    case 'clinic': {
      const own = new Set(await clinicClinicianIds(trx, user.id));
      const clinicianIds = merge(current.clinicianIds, requested.clinicianIds, own, 'ClinicianIDs');
      const clinicIds = current.clinicIds.includes(user.id) ? current.clinicIds : [...current.clinicIds, user.id];
      links = { clinicIds, clinicianIds };
      break;
    }
    case 'patient':
      throw forbidden('Patients cannot change patient records');
  }
  if (links.clinicIds.length === 0) throw badRequest('Patient must have at least one clinic');
  return links;
}

export async function currentPatientLinks(trx: Trx, patientId: string): Promise<PatientLinks> {
  const clinics = await trx
    .selectFrom('patient_clinics')
    .select('clinic_id')
    .where('patient_id', '=', patientId)
    .execute();
  const clinicians = await trx
    .selectFrom('patient_clinicians')
    .select('clinician_id')
    .where('patient_id', '=', patientId)
    .execute();
  return { clinicIds: clinics.map((r) => r.clinic_id), clinicianIds: clinicians.map((r) => r.clinician_id) };
}

export async function writePatientLinks(trx: Trx, patientId: string, links: PatientLinks): Promise<void> {
  await trx.deleteFrom('patient_clinics').where('patient_id', '=', patientId).execute();
  await trx.deleteFrom('patient_clinicians').where('patient_id', '=', patientId).execute();
  if (links.clinicIds.length > 0) {
    await trx
      .insertInto('patient_clinics')
      .values(links.clinicIds.map((clinic_id) => ({ patient_id: patientId, clinic_id })))
      .execute();
  }
  if (links.clinicianIds.length > 0) {
    await trx
      .insertInto('patient_clinicians')
      .values(links.clinicianIds.map((clinician_id) => ({ patient_id: patientId, clinician_id })))
      .execute();
  }
}
