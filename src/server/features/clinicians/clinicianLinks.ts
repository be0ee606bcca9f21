import type { AuthUser } from '#server/auth/tokens';
import { unknownId } from '#server/records/unknownId';
import type { Trx } from '#server/http/idempotency';

/**
 * The clinics a clinician belongs to after an add or edit: a clinic adds clinicians to itself; only the admin
 * chooses clinics (the clinic picker on clinician edit is admin-only, spec §6), others leave them as they are.
 */
export async function resolveClinicianClinics(
  trx: Trx,
  user: AuthUser,
  requested: string[],
  current?: string[],
): Promise<string[]> {
  if (user.role === 'admin') {
    if (requested.length > 0) {
      const found = await trx
        .selectFrom('clinics')
        .select('id')
        .where('id', 'in', requested)
        .where('deleted_at', 'is', null)
        .execute();
      if (found.length !== requested.length) throw unknownId('ClinicIDs');
    }
    return requested;
  }
  if (current !== undefined) return current;
  return user.role === 'clinic' ? [user.id] : [];
}

export async function currentClinicianClinics(trx: Trx, clinicianId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('clinician_clinics')
    .select('clinic_id')
    .where('clinician_id', '=', clinicianId)
    .execute();
  return rows.map((r) => r.clinic_id);
}

export async function writeClinicianClinics(trx: Trx, clinicianId: string, clinicIds: string[]): Promise<void> {
  await trx.deleteFrom('clinician_clinics').where('clinician_id', '=', clinicianId).execute();
  if (clinicIds.length === 0) return;
  await trx
    .insertInto('clinician_clinics')
    .values(clinicIds.map((clinic_id) => ({ clinician_id: clinicianId, clinic_id })))
    .execute();
}
