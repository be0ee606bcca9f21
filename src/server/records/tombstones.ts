import type { Tombstone } from '#shared/records/sync';
import type { Db } from '#server/db/connect';
import type { IdCondition } from '#server/scope/recordScope';

/** Records of a table deleted after a time, inside the caller's scope, for delta sync. */
export async function tombstones(
  db: Db,
  table: 'patients' | 'clinicians' | 'clinics',
  scope: IdCondition,
  modifiedSince: string | undefined,
): Promise<Tombstone[]> {
  if (modifiedSince === undefined) return [];
  const rows = await db
    .selectFrom(table)
    .select(['id', 'date_modified'])
    .where('deleted_at', 'is not', null)
    .where('date_modified', '>', modifiedSince)
    .where((eb) => scope(eb.ref(`${table}.id`)))
    .execute();
  return rows.map((r) => ({ id: r.id, DateModified: r.date_modified }));
}
