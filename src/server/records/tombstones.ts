import type { Tombstone } from '#shared/records/sync';
import type { Db } from '#server/db/connect';
import type { AuthUser } from '#server/auth/tokens';
import type { IdCondition } from '#server/scope/recordScope';
import type { KeyPage } from './listingPage.ts';

/** Records of a table deleted after a time, inside the caller's scope, for delta sync: a page of them in id order. */
export async function tombstones(
  db: Db,
  table: 'patients' | 'clinicians' | 'clinics',
  scope: IdCondition,
  modifiedSince: string,
  page: KeyPage,
): Promise<Tombstone[]> {
  let query = db
    .selectFrom(table)
    .select(['id', 'date_modified'])
    .where('deleted_at', 'is not', null)
    .where('date_modified', '>', modifiedSince)
    .where((eb) => scope(eb.ref(`${table}.id`)));
  if (page.afterId !== undefined) query = query.where('id', '>', page.afterId);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map((r) => ({ id: r.id, DateModified: r.date_modified }));
}

/**
 * The clinicians a caller's delta sync must drop: those deleted, and for a clinic those who left it since (a clinic
 * administrator removed them from the clinic, or the admin moved them) and have not joined it again. One query in
 * the database's own id order, so that the cursor's `id >` agrees with it (PostgreSQL orders text by its collation).
 */
export async function clinicianTombstones(
  db: Db,
  user: AuthUser,
  scope: IdCondition,
  modifiedSince: string,
  page: KeyPage,
): Promise<Tombstone[]> {
  if (user.role !== 'clinic') return tombstones(db, 'clinicians', scope, modifiedSince, page);
  const deleted = db
    .selectFrom('clinicians')
    .select(['id', 'date_modified'])
    .where('deleted_at', 'is not', null)
    .where('date_modified', '>', modifiedSince)
    .where((eb) => scope(eb.ref('clinicians.id')));
  const left = db
    .selectFrom('clinician_clinic_exits as exit')
    .select(['exit.clinician_id as id', 'exit.date_modified'])
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
    );
  let query = db.selectFrom(deleted.unionAll(left).as('gone')).select(['gone.id', 'gone.date_modified']);
  if (page.afterId !== undefined) query = query.where('gone.id', '>', page.afterId);
  const rows = await query.orderBy('gone.id').limit(page.limit).execute();
  // A clinician deleted after leaving the clinic is in both; the client drops a record twice harmlessly.
  return rows.map((r) => ({ id: r.id, DateModified: r.date_modified }));
}
