import type { Clinician } from '#shared/records/clinician';
import type { Db } from '#server/db/connect';
import type { ClinicianTable } from '#server/db/schema';
import type { IdCondition } from '#server/scope/recordScope';
import type { KeyPage } from './listingPage.ts';
import { asClinicianId } from '#shared/ids/ids';

function toClinician(row: ClinicianTable, clinics: { ids: string[]; names: string[] }): Clinician {
  return {
    ClinicianID: asClinicianId(row.id),
    Forename: row.forename,
    Surname: row.surname,
    ContactNumber: row.contact_number,
    Email: row.email,
    Username: row.username ?? '',
    PasswordHint: row.password_hint,
    ClinicIDs: clinics.ids.join(', '),
    ClinicNames: clinics.names.join(', '),
    ElevatedAccess: row.elevated_access === 1,
    DateModified: row.date_modified,
  };
}

/** The clinicians inside a scope (one id, or a page in id order), with the names of their clinics. */
export async function loadClinicians(
  db: Db,
  scope: IdCondition,
  onlyId?: string,
  modifiedSince?: string,
  page?: KeyPage,
): Promise<Clinician[]> {
  let query = db
    .selectFrom('clinicians')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => scope(eb.ref('clinicians.id')));
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  if (modifiedSince !== undefined) query = query.where('date_modified', '>', modifiedSince);
  if (page?.afterId !== undefined) query = query.where('id', '>', page.afterId);
  const rows = await (page === undefined ? query.orderBy('id') : query.orderBy('id').limit(page.limit)).execute();
  if (rows.length === 0) return [];

  const links = await db
    .selectFrom('clinician_clinics')
    .innerJoin('clinics', 'clinics.id', 'clinician_clinics.clinic_id')
    .select(['clinician_id', 'clinics.id as clinicId', 'clinics.name'])
    .where(
      'clinician_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('clinics.deleted_at', 'is', null)
    .orderBy('clinics.name')
    .execute();
  const byClinician = new Map<string, { ids: string[]; names: string[] }>(
    rows.map((r) => [r.id, { ids: [], names: [] }]),
  );
  for (const link of links) {
    const entry = byClinician.get(link.clinician_id);
    entry?.ids.push(link.clinicId);
    entry?.names.push(link.name);
  }
  return rows.map((row) => toClinician(row, byClinician.get(row.id) ?? { ids: [], names: [] }));
}
