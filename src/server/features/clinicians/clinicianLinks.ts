import type { AuthUser } from '#server/auth/tokens';
import { unknownId } from '#server/records/unknownId';
import type { Trx } from '#server/http/idempotency';

/**
 * The clinics a clinician belongs to after an add or edit: a clinic adds clinicians to itself; only the admin
 * chooses clinics (the clinic picker on clinician edit is admin-only, docs/spec.md §6), others leave them as they are.
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

/** Notes that a clinician left clinics, so that those clinics' delta sync drops them (clinicianTombstones). */
async function recordExits(trx: Trx, clinicianId: string, clinicIds: readonly string[], version: string) {
  for (const clinicId of clinicIds) {
    await trx
      .insertInto('clinician_clinic_exits')
      .values({ clinician_id: clinicianId, clinic_id: clinicId, date_modified: version })
      .onConflict((oc) => oc.columns(['clinic_id', 'clinician_id']).doUpdateSet({ date_modified: version }))
      .execute();
  }
}

/** Sets the clinics a clinician works for (an add or the admin's edit); the clinics they left learn of it. */
export async function writeClinicianClinics(
  trx: Trx,
  clinicianId: string,
  clinicIds: string[],
  version: string,
): Promise<void> {
  const left = (await currentClinicianClinics(trx, clinicianId)).filter((id) => !clinicIds.includes(id));
  await recordExits(trx, clinicianId, left, version);
  await trx.deleteFrom('clinician_clinics').where('clinician_id', '=', clinicianId).execute();
  if (clinicIds.length === 0) return;
  await trx
    .insertInto('clinician_clinics')
    .values(clinicIds.map((clinic_id) => ({ clinician_id: clinicianId, clinic_id })))
    .execute();
}

/** Takes a clinician out of one clinic, leaving the clinician and their other clinics as they are. */
export async function leaveClinic(trx: Trx, clinicianId: string, clinicId: string, version: string): Promise<void> {
  await trx
    .deleteFrom('clinician_clinics')
    .where('clinician_id', '=', clinicianId)
    .where('clinic_id', '=', clinicId)
    .execute();
  await recordExits(trx, clinicianId, [clinicId], version);
}

/**
 * A living clinic other than `clinicId` that the clinician works for, if any. Such a clinician's login reaches that
 * clinic's patients too, so a clinic administrator may neither change it nor delete the clinician.
 */
export async function otherClinicOf(trx: Trx, clinicianId: string, clinicId: string): Promise<string | undefined> {
  const elsewhere = await trx
    .selectFrom('clinician_clinics')
    .innerJoin('clinics', 'clinics.id', 'clinician_clinics.clinic_id')
    .select('clinic_id')
    .where('clinician_id', '=', clinicianId)
    .where('clinic_id', '!=', clinicId)
    .where('clinics.deleted_at', 'is', null)
    .executeTakeFirst();
  return elsewhere?.clinic_id;
}
