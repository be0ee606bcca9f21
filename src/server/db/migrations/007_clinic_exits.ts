import type { Kysely, Migration } from 'kysely';

/**
 * When a clinician leaves a clinic (a clinic administrator removes them from it, or the admin edits their clinics),
 * the clinic's delta sync must learn that the clinician is no longer in its scope: a deleted record leaves a
 * tombstone, but a clinician who works on elsewhere is not deleted. One row per clinician and clinic, the latest exit.
 */
export const clinicExitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('clinician_clinic_exits')
      .addColumn('clinician_id', 'text', (c) => c.notNull())
      .addColumn('clinic_id', 'text', (c) => c.notNull())
      .addColumn('date_modified', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('clinician_clinic_exits_pk', ['clinic_id', 'clinician_id'])
      .execute();
  },
};
