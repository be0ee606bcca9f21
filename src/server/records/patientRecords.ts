import { MESSAGES } from '#shared/messages';
import type { Patient } from '#shared/records/patient';
import type { Db } from '#server/db/connect';
import type { PatientTable } from '#server/db/schema';
import type { IdCondition } from '#server/scope/recordScope';
import type { PatientWindow } from './sessionRecords.ts';
import { personName } from '#shared/records/personName';
import { asPatientId } from '#shared/ids/ids';

type Links = { clinicIds: string[]; clinicNames: string[]; clinicianIds: string[]; clinicianNames: string[] };
type SessionSummary = { count: number; latest: string | null };

function toPatient(row: PatientTable, links: Links, sessions: SessionSummary = { count: 0, latest: null }): Patient {
  return {
    UniquePatientID: asPatientId(row.id),
    GivenPatientID: row.given_patient_id,
    Forename: row.forename,
    Surname: row.surname,
    Email: row.email,
    Username: row.username ?? '',
    PasswordHint: row.password_hint,
    GroupName: row.group_name,
    DOB: row.dob,
    Sex: row.sex,
    Height: row.height_cm,
    Weight: row.weight_kg,
    Notes: row.notes,
    ClinicIDs: links.clinicIds.join(', '),
    ClinicNames: links.clinicNames.join(', '),
    ClinicianIDs: links.clinicianIds.join(', '),
    Clinicians: links.clinicianNames.join(', '),
    Application: row.application,
    ICD: row.icd,
    ICF: row.icf,
    Ratings: row.ratings,
    Miscs: row.miscs,
    ReadOnly: row.read_only === 1,
    DateModified: row.date_modified,
    SessionCount: sessions.count,
    LatestSessionDate: sessions.latest,
  };
}

export type PatientFilter = {
  onlyId?: string;
  modifiedSince?: string;
  /** Keyset paging: the patients whose id sorts after this one, `limit` of them, in id order. */
  afterId?: string;
  limit?: number;
  /** Read a page of the scope a window of patients at a time (PatientWindow); needs `limit`. */
  window?: PatientWindow;
};

/**
 * The patients changed after a time: the record itself, or one of their recordings (their session count and latest
 * date changed). A UNION of indexed lookups, so a delta reads what changed instead of testing every patient.
 */
function changedPatientIds(db: Db, since: string) {
  return db
    .selectFrom('patients')
    .select('id')
    .where('date_modified', '>', since)
    .union(
      db
        .selectFrom('sessions')
        .select('patient_id as id')
        .where('id', 'in', db.selectFrom('sub_sessions').select('session_id').where('date_modified', '>', since)),
    );
}

function patientRows(db: Db, scope: IdCondition, filter: PatientFilter, to?: string) {
  const { onlyId, modifiedSince, afterId, limit } = filter;
  let query = db
    .selectFrom('patients')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => scope(eb.ref('patients.id'), onlyId === undefined ? { from: afterId, to } : { only: onlyId }));
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  if (modifiedSince !== undefined) query = query.where('id', 'in', changedPatientIds(db, modifiedSince));
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  if (to !== undefined) query = query.where('id', '<=', to);
  return limit === undefined ? query.orderBy('id') : query.orderBy('id').limit(limit);
}

/** A page of patients read a window of the scope at a time, as a page of sessions is (rowsByPatient). */
async function windowedRows(db: Db, scope: IdCondition, filter: PatientFilter, limit: number, window: PatientWindow) {
  const rows: Awaited<ReturnType<ReturnType<typeof patientRows>['execute']>> = [];
  let afterId = filter.afterId;
  for (;;) {
    // One more than the page: the window starts at `afterId` itself, which the page does not show again.
    const to = await window(afterId, limit + 1);
    rows.push(...(await patientRows(db, scope, { ...filter, afterId, limit: limit - rows.length }, to).execute()));
    if (rows.length >= limit || to === undefined) return rows;
    afterId = to;
  }
}

/**
 * Each patient's count of live recordings and the latest one's time, read from the indexes alone
 * (012_recording_counts): the sessions by (patient, id), their recordings by (session, removed, time).
 */
export function recordingSummaries(db: Db, patientIds: readonly string[]) {
  return db
    .selectFrom('sub_sessions')
    .innerJoin('sessions', 'sessions.id', 'sub_sessions.session_id')
    .select((eb) => [
      'sessions.patient_id as patient_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('sub_sessions.date_time').as('latest'),
    ])
    .where('sessions.patient_id', 'in', patientIds)
    .where('sub_sessions.deleted_at', 'is', null)
    .groupBy('sessions.patient_id');
}

/**
 * The patients inside a scope (one id, a page in id order, or those changed since a time), with the names of their
 * clinics and clinicians. The links and session summaries are read for the patients found, by id.
 */
export async function loadPatients(
  db: Db,
  scope: IdCondition,
  filter: string | PatientFilter = {},
): Promise<Patient[]> {
  const options = typeof filter === 'string' ? { onlyId: filter } : filter;
  const rows =
    options.window !== undefined && options.limit !== undefined
      ? await windowedRows(db, scope, options, options.limit, options.window)
      : await patientRows(db, scope, options).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);

  const clinicLinks = await db
    .selectFrom('patient_clinics')
    .innerJoin('clinics', 'clinics.id', 'patient_clinics.clinic_id')
    .select(['patient_id', 'clinics.id as clinicId', 'clinics.name'])
    .where('patient_id', 'in', ids)
    .where('clinics.deleted_at', 'is', null)
    .orderBy('clinics.name')
    .execute();
  const clinicianLinks = await db
    .selectFrom('patient_clinicians')
    .innerJoin('clinicians', 'clinicians.id', 'patient_clinicians.clinician_id')
    .select(['patient_id', 'clinicians.id as clinicianId', 'clinicians.forename', 'clinicians.surname'])
    .where('patient_id', 'in', ids)
    .where('clinicians.deleted_at', 'is', null)
    .orderBy('clinicians.surname')
    .execute();

  const recordings = await recordingSummaries(db, ids).execute();
  const sessionSummaries = new Map(recordings.map((r) => [r.patient_id, { count: Number(r.count), latest: r.latest }]));

  const links = new Map<string, Links>(
    rows.map((r) => [r.id, { clinicIds: [], clinicNames: [], clinicianIds: [], clinicianNames: [] }]),
  );
  for (const link of clinicLinks) {
    const entry = links.get(link.patient_id);
    entry?.clinicIds.push(link.clinicId);
    entry?.clinicNames.push(link.name);
  }
  for (const link of clinicianLinks) {
    const entry = links.get(link.patient_id);
    entry?.clinicianIds.push(link.clinicianId);
    entry?.clinicianNames.push(personName(link.forename, link.surname, MESSAGES.unnamedClinician));
  }
  return rows.map((row) =>
    toPatient(
      row,
      links.get(row.id) ?? { clinicIds: [], clinicNames: [], clinicianIds: [], clinicianNames: [] },
      sessionSummaries.get(row.id),
    ),
  );
}
