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

/** What a page shows of its rows' clinicians and clinics, read by pageNames. */
export type PageNames = {
  clinicianName: (id: string) => string;
  clinicName: (patientId: string, clinicianId: string) => string;
};

/**
 * The names a page of sessions shows beside its rows, in two statements (run at once on PostgreSQL's pool): the
 * page's clinicians with their names and the clinics they work for, one row per link; and the page's patients'
 * live clinics with their names, in name order. A page names a handful of clinicians, so they are read once each
 * here instead of joined to every row, and the clinics' names come with the links instead of in a third round trip.
 */
export async function pageNames(db: Db, rows: readonly PageRow[]): Promise<PageNames> {
  const patientIds = [...new Set(rows.map((r) => r.patientId))];
  const clinicianIds = [...new Set(rows.map((r) => r.clinicianId))];
  const [clinicians, patientClinics] = await Promise.all([
    db
      .selectFrom('clinicians as c')
      .leftJoin('clinician_clinics as cc', 'cc.clinician_id', 'c.id')
      .select(['c.id', 'c.forename', 'c.surname', 'cc.clinic_id'])
      .where('c.id', 'in', clinicianIds)
      .execute(),
    db
      .selectFrom('patient_clinics as pc')
      .innerJoin('clinics as k', 'k.id', 'pc.clinic_id')
      .select(['pc.patient_id', 'pc.clinic_id', 'k.name'])
      .where('pc.patient_id', 'in', patientIds)
      .where('k.deleted_at', 'is', null)
      .orderBy('k.name')
      .orderBy('k.id')
      .execute(),
  ]);
  const names = new Map<string, string>();
  const worksAt = new Map<string, Set<string>>();
  for (const c of clinicians) {
    names.set(c.id, personName(c.forename, c.surname, MESSAGES.unnamedClinician));
    if (c.clinic_id === null) continue;
    const set = worksAt.get(c.id);
    if (set === undefined) worksAt.set(c.id, new Set([c.clinic_id]));
    else set.add(c.clinic_id);
  }
  // In name order already: each patient's clinics are listed as the statement gave them.
  const byPatient = new Map<string, { id: string; name: string }[]>();
  for (const link of patientClinics) {
    const clinic = { id: link.clinic_id, name: link.name };
    const list = byPatient.get(link.patient_id);
    if (list === undefined) byPatient.set(link.patient_id, [clinic]);
    else list.push(clinic);
  }
  return {
    clinicianName: (id) => names.get(id) ?? MESSAGES.unnamedClinician,
    // The patient's clinics that the recording clinician works for, or all the patient's clinics when none.
    clinicName: (patientId, clinicianId) => {
      const ofPatient = byPatient.get(patientId) ?? [];
      const clinicianWorksAt = worksAt.get(clinicianId);
      const shared = clinicianWorksAt === undefined ? [] : ofPatient.filter((c) => clinicianWorksAt.has(c.id));
      return (shared.length > 0 ? shared : ofPatient).map((c) => c.name).join(', ');
    },
  };
}
