import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import type { IdCondition, IdRange } from '#server/scope/recordScope';
import { asSubSessionId, type SessionId, type SubSessionId } from '#shared/ids/ids';

/** An id no recording has: an empty IN list is not valid SQL, and a key past nothing starts at the beginning. */
export const NO_RECORDING = asSubSessionId('');

export type SessionFilter = {
  modifiedSince?: string;
  patientId?: string;
  /** One session's sub-sessions (SessionID). */
  sessionId?: SessionId;
  subSessionId?: SubSessionId;
  /** Several recordings at once (a report's): read in one statement, each narrowed to its patient like one. */
  subSessionIds?: readonly SubSessionId[];
  /** Keyset paging: only sub-sessions whose key sorts after this one (see SessionKey). */
  after?: SessionKey;
  /** With a patient-ordered key: only the patients up to this id (the page's window of the scope, both ends read). */
  patientsTo?: string;
};

/**
 * The key a page of sessions is ordered by. The admin's (and a patient's) pages run in SubSessionID order, the
 * primary key's own order. A clinic's or clinician's run by patient, then SubSessionID: SQLite then walks the scope's
 * patients in id order (the scope's IN list is kept sorted) and the recordings of each by index, and stops after a
 * page, instead of joining every recording in scope and sorting them all (5,000 rows at clinic scale, for 1,000).
 */
export type SessionKey = { patientId?: string; subSessionId: SubSessionId };

/**
 * The sub-sessions changed after a time: the recording itself, or the patient or clinician whose name its row shows
 * (a renamed patient changes the rows that show the name). Three indexed lookups joined by UNION, so a delta reads
 * what changed instead of testing every row of the table against an OR that no index serves.
 */
function changedSubSessionIds(db: Db, since: string) {
  return db
    .selectFrom('sub_sessions')
    .select('sub_sessions.id')
    .where('sub_sessions.date_modified', '>', since)
    .union(recordingsOf(db, 'patient', db.selectFrom('patients').select('id').where('date_modified', '>', since)))
    .union(recordingsOf(db, 'clinician', db.selectFrom('clinicians').select('id').where('date_modified', '>', since)));
}

/**
 * The sub-session ids of some patients or clinicians, written as nested IN lists so that SQLite's planner, which has
 * no statistics, starts from the few people and walks the indexes down instead of scanning every recording.
 */
export function recordingsOf(
  db: Db,
  of: 'patient' | 'clinician',
  people: SelectQueryBuilder<Database, never, { id: string }>,
) {
  const ids = db.selectFrom('sub_sessions').select('sub_sessions.id');
  if (of === 'clinician') return ids.where('sub_sessions.clinician_id', 'in', people);
  return ids.where(
    'sub_sessions.session_id',
    'in',
    db.selectFrom('sessions').select('id').where('patient_id', 'in', people),
  );
}

/**
 * The live sub-sessions a scope may see, joined to their session and patient: the one query that decides which rows a
 * caller may see, for the list and for each single-recording call. The recording clinician is not joined: the foreign
 * key keeps every recording's clinician row (a removed clinician is marked, not deleted), so the join filtered nothing
 * and cost an index probe per row; a page reads its few clinicians' names by id (pageNames).
 */
export function scopedSubSessions(db: Db, scope: IdCondition, filter: SessionFilter = {}) {
  const { modifiedSince, patientId, sessionId, subSessionId, subSessionIds, after, patientsTo } = filter;
  let query = db
    .selectFrom('sub_sessions as ss')
    .innerJoin('sessions as s', 's.id', 'ss.session_id')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .where('ss.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where((eb) => {
      // A single recording, session or patient: the scope's lists are narrowed to that patient (index probes), not built whole.
      const range: IdRange =
        patientId !== undefined
          ? { only: patientId }
          : subSessionId !== undefined || subSessionIds !== undefined || sessionId !== undefined
            ? { only: eb.ref('s.patient_id') }
            : { from: after?.patientId, to: patientsTo };
      return scope(eb.ref('p.id'), range);
    });
  if (patientId !== undefined) query = query.where('p.id', '=', patientId);
  if (sessionId !== undefined) query = query.where('ss.session_id', '=', sessionId);
  if (subSessionId !== undefined) query = query.where('ss.id', '=', subSessionId);
  if (subSessionIds !== undefined)
    query = query.where('ss.id', 'in', subSessionIds.length > 0 ? subSessionIds : [NO_RECORDING]);
  if (after?.patientId !== undefined) {
    const { patientId: afterPatient, subSessionId: afterRecording } = after;
    // The plain bounds (on both sides of the join: PostgreSQL does not carry an inequality across it) let the indexes
    // seek to the patient; the row comparison then skips the recordings already sent.
    query = query
      .where('p.id', '>=', afterPatient)
      .where('s.patient_id', '>=', afterPatient)
      .where((eb) => eb(eb.refTuple('s.patient_id', 'ss.id'), '>', eb.tuple(afterPatient, afterRecording)));
  } else if (after !== undefined) query = query.where('ss.id', '>', after.subSessionId);
  if (patientsTo !== undefined) query = query.where('p.id', '<=', patientsTo).where('s.patient_id', '<=', patientsTo);
  if (modifiedSince !== undefined) query = query.where('ss.id', 'in', changedSubSessionIds(db, modifiedSince));
  return query;
}
