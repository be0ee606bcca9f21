import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import type { IdCondition } from '#server/scope/recordScope';

export type SessionFilter = {
  modifiedSince?: string;
  patientId?: string;
  subSessionId?: string;
  /** Keyset paging: only sub-sessions whose id sorts after this one. */
  afterId?: string;
};

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
 * The live sub-sessions a scope may see, joined to their session, patient and clinician: the one query that decides
 * which rows a caller may see, for the list and for each single-recording call.
 */
export function scopedSubSessions(db: Db, scope: IdCondition, filter: SessionFilter = {}) {
  const { modifiedSince, patientId, subSessionId, afterId } = filter;
  let query = db
    .selectFrom('sub_sessions as ss')
    .innerJoin('sessions as s', 's.id', 'ss.session_id')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .innerJoin('clinicians as c', 'c.id', 'ss.clinician_id')
    .where('ss.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where((eb) => scope(eb.ref('p.id')));
  if (patientId !== undefined) query = query.where('p.id', '=', patientId);
  if (subSessionId !== undefined) query = query.where('ss.id', '=', subSessionId);
  if (afterId !== undefined) query = query.where('ss.id', '>', afterId);
  if (modifiedSince !== undefined) query = query.where('ss.id', 'in', changedSubSessionIds(db, modifiedSince));
  return query;
}
