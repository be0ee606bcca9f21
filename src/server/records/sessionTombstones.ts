import type { Tombstone } from '#shared/records/sync';
import type { Db } from '#server/db/connect';
import type { IdCondition } from '#server/scope/recordScope';
import { recordingsOf } from './sessionQuery.ts';
import type { SubSessionId } from '#shared/ids/ids';

/**
 * Sub-sessions that left the caller's list after a time: removed ones, and those of patients deleted since, so a
 * client mirror drops them too. Ids are SubSessionIDs, the key of a session row. Paged like the rows: at most `limit`
 * tombstones whose id sorts after `afterId`, in id order.
 */
export async function sessionTombstones(
  db: Db,
  scope: IdCondition,
  modifiedSince: string,
  page: { afterId?: SubSessionId; limit: number },
): Promise<Tombstone[]> {
  // Each branch is an indexed lookup (a deleted recording by its time, or the recordings of a deleted patient).
  const removed = db
    .selectFrom('sub_sessions')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('date_modified', '>', modifiedSince)
    .union(
      recordingsOf(
        db,
        'patient',
        db
          .selectFrom('patients')
          .select('id')
          .where('deleted_at', 'is not', null)
          .where('date_modified', '>', modifiedSince),
      ),
    );
  let query = db
    .selectFrom('sub_sessions as ss')
    .innerJoin('sessions as s', 's.id', 'ss.session_id')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .select([
      'ss.id',
      'ss.date_modified',
      'ss.deleted_at',
      'p.deleted_at as patientDeletedAt',
      'p.date_modified as patientModified',
    ])
    .where('ss.id', 'in', removed)
    .where((eb) => scope(eb.ref('p.id')));
  if (page.afterId !== undefined) query = query.where('ss.id', '>', page.afterId);
  const rows = await query.orderBy('ss.id').limit(page.limit).execute();
  return rows.map((r) => {
    const times = [r.deleted_at === null ? '' : r.date_modified, r.patientDeletedAt === null ? '' : r.patientModified];
    return { id: r.id, DateModified: times.sort().at(-1) ?? r.date_modified };
  });
}
