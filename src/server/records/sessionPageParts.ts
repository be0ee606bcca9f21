import { sql, type Expression, type RawBuilder } from 'kysely';
import { MESSAGES } from '#shared/messages';
import { personName } from '#shared/records/personName';
import { SESSION_FILE_KINDS, type SessionFileKind } from '#shared/sessions/sessionFiles';
import type { Db } from '#server/db/connect';

/** Each stored file kind's bit in a recording's file set (FILE_BITS); a recording holds at most one file of a kind. */
const FILE_BIT = new Map<SessionFileKind, number>(SESSION_FILE_KINDS.map((kind, i) => [kind, 2 ** i]));

/**
 * The kinds of file a recording holds, as one number read in the page's own statement: one index range per row of
 * the page (the files' key is (sub_session_id, kind)) instead of a second statement with the page's ids as an IN list
 * of up to 5,000 bound values, which SQLite sorts into a temporary index and PostgreSQL plans on every call.
 * (sub_session_id, kind) is the files' primary key, so the sum of the kinds' bits is their set.
 */
export function fileBits(subSessionId: Expression<string>): RawBuilder<number | string | null> {
  const cases = SESSION_FILE_KINDS.map((kind) => sql`when ${sql.lit(kind)} then ${sql.lit(FILE_BIT.get(kind) ?? 0)}`);
  return sql<number | string | null>`(select sum(case ${sql.ref('f.kind')} ${sql.join(cases, sql` `)} else 0 end)
    from ${sql.table('session_files')} as ${sql.id('f')} where ${sql.ref('f.sub_session_id')} = ${subSessionId})`;
}

/** Whether a file set (fileBits; PostgreSQL sums to a bigint, which arrives as text) holds a kind. */
export function holds(bits: number | string | null, kind: SessionFileKind): boolean {
  return (Number(bits ?? 0) & (FILE_BIT.get(kind) ?? 0)) !== 0;
}

type PageRow = { patientId: string; clinicianId: string };

/**
 * The names of the clinicians who recorded a page's rows, by id: a page names a handful of clinicians, so they are
 * read once each here instead of joined to every row.
 */
export async function clinicianNames(db: Db, rows: readonly PageRow[]): Promise<(id: string) => string> {
  const ids = [...new Set(rows.map((r) => r.clinicianId))];
  const found = await db
    .selectFrom('clinicians')
    .select(['id', 'forename', 'surname'])
    .where('id', 'in', ids)
    .execute();
  const names = new Map(found.map((c) => [c.id, personName(c.forename, c.surname, MESSAGES.unnamedClinician)]));
  return (id) => names.get(id) ?? MESSAGES.unnamedClinician;
}

/**
 * The clinic a session belongs to: the patient's clinics that the recording clinician works for, or the patient's
 * clinics when the clinician works for none of them, named in the database's order of clinic names. The links are
 * read from their keys' indexes for the page's patients and clinicians, and the few clinics they name once each.
 */
export async function clinicNames(
  db: Db,
  rows: readonly PageRow[],
): Promise<(patientId: string, clinicianId: string) => string> {
  const patientIds = [...new Set(rows.map((r) => r.patientId))];
  const clinicianIds = [...new Set(rows.map((r) => r.clinicianId))];
  const [patientClinics, clinicianClinics] = await Promise.all([
    db
      .selectFrom('patient_clinics')
      .select(['patient_id', 'clinic_id'])
      .where('patient_id', 'in', patientIds)
      .execute(),
    db
      .selectFrom('clinician_clinics')
      .select(['clinician_id', 'clinic_id'])
      .where('clinician_id', 'in', clinicianIds)
      .execute(),
  ]);
  const clinicIds = [...new Set(patientClinics.map((r) => r.clinic_id))];
  const clinics =
    clinicIds.length === 0
      ? []
      : await db
          .selectFrom('clinics')
          .select(['id', 'name'])
          .where('id', 'in', clinicIds)
          .where('deleted_at', 'is', null)
          .orderBy('name')
          .execute();
  const place = new Map(clinics.map((c, i) => [c.id, i]));
  const byPatient = new Map<string, string[]>();
  for (const link of patientClinics) {
    if (!place.has(link.clinic_id)) continue;
    const list = byPatient.get(link.patient_id);
    if (list === undefined) byPatient.set(link.patient_id, [link.clinic_id]);
    else list.push(link.clinic_id);
  }
  for (const list of byPatient.values()) list.sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
  const worksAt = new Map<string, Set<string>>();
  for (const link of clinicianClinics) {
    const set = worksAt.get(link.clinician_id);
    if (set === undefined) worksAt.set(link.clinician_id, new Set([link.clinic_id]));
    else set.add(link.clinic_id);
  }
  return (patientId, clinicianId) => {
    const ofPatient = byPatient.get(patientId) ?? [];
    const clinicianWorksAt = worksAt.get(clinicianId);
    const shared = clinicianWorksAt === undefined ? [] : ofPatient.filter((id) => clinicianWorksAt.has(id));
    return (shared.length > 0 ? shared : ofPatient).map((id) => clinics[place.get(id) ?? 0]?.name ?? '').join(', ');
  };
}
