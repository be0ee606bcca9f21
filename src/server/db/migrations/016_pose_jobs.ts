import type { Kysely, Migration } from 'kysely';

/**
 * The queue of pose jobs (docs/pose-jobs.md): one row per video stored without joint data, whose walk a server worker
 * measures with the same pipeline as the device (src/shared/pose). Kept in the database like the blurring jobs, so a
 * restart or another instance takes up what a stopped one began; a running job holds a lease its worker renews.
 */
export const poseJobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pose_jobs')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sub_session_id', 'text', (c) => c.notNull().references('sub_sessions.id'))
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pose_jobs_claim')
      .ifNotExists()
      .on('pose_jobs')
      .columns(['state', 'lease_expires_at', 'created_at'])
      .execute();
    await db.schema
      .createIndex('pose_jobs_sub_session')
      .ifNotExists()
      .on('pose_jobs')
      .columns(['sub_session_id', 'created_at'])
      .execute();
  },
};
