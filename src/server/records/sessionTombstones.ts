import type { Tombstone } from '#shared/records/sync';
import type { Db } from '#server/db/connect';
import type { IdCondition } from '#server/scope/recordScope';

/**
 * Sub-sessions that left the caller's list after a time: removed ones, and those of patients deleted since, so a
 * client mirror drops them too. Ids are SubSessionIDs, the key of a session row.
 */
export async function sessionTombstones(
  db: Db,
  scope: IdCondition,
  modifiedSince: string | undefined,
): Promise<Tombstone[]> {
  if (modifiedSince === undefined) return [];
  const rows = await db
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
    .where((eb) => scope(eb.ref('p.id')))
    .where((eb) =>
      eb.or([
        eb.and([eb('ss.deleted_at', 'is not', null), eb('ss.date_modified', '>', modifiedSince)]),
        eb.and([eb('p.deleted_at', 'is not', null), eb('p.date_modified', '>', modifiedSince)]),
      ]),
    )
    .execute();
  return rows.map((r) => {
    const times = [r.deleted_at === null ? '' : r.date_modified, r.patientDeletedAt === null ? '' : r.patientModified];
    return { id: r.id, DateModified: times.sort().at(-1) ?? r.date_modified };
  });
}
