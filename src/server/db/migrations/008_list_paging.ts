import type { Kysely, Migration } from 'kysely';

/**
 * Indexes the paged lists and their deltas read by (docs/performance.md, "Session lists"): the recordings of a session whatever their
 * state (a deleted or renamed patient's recordings, found from the patient).
 */
export const listPagingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('sub_sessions_session').on('sub_sessions').column('session_id').execute();
  },
};
