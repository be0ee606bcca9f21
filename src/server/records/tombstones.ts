import type { Tombstone } from '#shared/records/sync';
import type { Db } from '#server/db/connect';
import type { AuthUser } from '#server/auth/tokens';
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

/**
 * The clinicians a caller's delta sync must drop: those deleted, and for a clinic those who left it since (a clinic
 * administrator removed them from the clinic, or the admin moved them) and have not joined it again.
 */
export async function clinicianTombstones(
  db: Db,
  user: AuthUser,
  scope: IdCondition,
  modifiedSince: string | undefined,
): Promise<Tombstone[]> {
  const deleted = await tombstones(db, 'clinicians', scope, modifiedSince);
  if (modifiedSince === undefined || user.role !== 'clinic') return deleted;
  const left = await db
    .selectFrom('clinician_clinic_exits as exit')
    .select(['exit.clinician_id', 'exit.date_modified'])
    .where('exit.clinic_id', '=', user.id)
    .where('exit.date_modified', '>', modifiedSince)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('clinician_clinics as link')
            .select('link.clinic_id')
            .whereRef('link.clinician_id', '=', 'exit.clinician_id')
            .where('link.clinic_id', '=', user.id),
        ),
      ),
    )
    .execute();
  return [...deleted, ...left.map((row) => ({ id: row.clinician_id, DateModified: row.date_modified }))];
}
