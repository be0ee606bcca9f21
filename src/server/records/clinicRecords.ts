import type { Clinic, ClinicGroup } from '#shared/records/clinic';
import type { Db } from '#server/db/connect';
import type { ClinicTable } from '#server/db/schema';
import type { IdCondition } from '#server/scope/recordScope';
import type { KeyPage } from './listingPage.ts';
import { asClinicId } from '#shared/ids/ids';

export function toClinic(row: ClinicTable): Clinic {
  return {
    ClinicID: asClinicId(row.id),
    Name: row.name,
    Address: row.address,
    ContactForename: row.contact_forename,
    ContactSurname: row.contact_surname,
    ContactNumber: row.contact_number,
    ContactEmail: row.contact_email,
    group: row.group_name as ClinicGroup,
    AdminUsername: row.admin_username ?? '',
    AdminHint: row.admin_hint,
    Notes: row.notes,
    DateModified: row.date_modified,
  };
}

/** The clinics inside a scope: one id, those changed since a time, or a page of them in id order. */
export async function loadClinics(
  db: Db,
  scope: IdCondition,
  onlyId?: string,
  modifiedSince?: string,
  page?: KeyPage,
): Promise<Clinic[]> {
  let query = db
    .selectFrom('clinics')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => scope(eb.ref('clinics.id')));
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  if (modifiedSince !== undefined) query = query.where('date_modified', '>', modifiedSince);
  if (page?.afterId !== undefined) query = query.where('id', '>', page.afterId);
  const rows = await (page === undefined ? query.orderBy('id') : query.orderBy('id').limit(page.limit)).execute();
  return rows.map(toClinic);
}
