import type { Kysely, Migration } from 'kysely';

/**
 * A page of patients counts each patient's live recordings and finds the latest (patientRecords.ts:
 * recordingSummaries): the page's sessions by patient, then their recordings by session. Indexed as (patient,
 * session id) and (session, removed, time), both steps are read from the indexes alone, not a table row per session
 * and per recording (docs/performance.md, "Session lists"). The recordings' index
 * serves every lookup the session-only one served, which it replaces. Each step can run again after a crash.
 */
export const recordingCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('sessions_patient_session')
      .ifNotExists()
      .on('sessions')
      .columns(['patient_id', 'id'])
      .execute();
    await db.schema
      .createIndex('sub_sessions_session_live')
      .ifNotExists()
      .on('sub_sessions')
      .columns(['session_id', 'deleted_at', 'date_time'])
      .execute();
    await db.schema.dropIndex('sub_sessions_session').ifExists().execute();
  },
};
