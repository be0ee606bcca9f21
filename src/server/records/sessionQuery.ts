import type { Db } from '#server/db/connect';
import type { IdCondition } from '#server/scope/recordScope';

export type SessionFilter = { modifiedSince?: string; patientId?: string; subSessionId?: string };

/**
 * The live sub-sessions a scope may see, joined to their session, patient and clinician. One builder serves the list
 * and the sub-queries for its files and clinics, so they always agree on which rows are meant.
 */
export function scopedSubSessions(db: Db, scope: IdCondition, filter: SessionFilter = {}) {
  const { modifiedSince, patientId, subSessionId } = filter;
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
  // A renamed patient or clinician changes the rows that show the name, so those rows count as changed too.
  if (modifiedSince !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('ss.date_modified', '>', modifiedSince),
        eb('p.date_modified', '>', modifiedSince),
        eb('c.date_modified', '>', modifiedSince),
      ]),
    );
  }
  return query;
}
