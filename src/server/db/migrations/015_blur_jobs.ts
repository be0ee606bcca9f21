import type { Kysely, Migration } from 'kysely';

/**
 * The queue of blurring jobs (docs/blurring.md): one row per unblurred video to blur, kept in the database so that
 * a restart or another instance picks up what a stopped one began. A running job holds a lease (owner and expiry)
 * that its worker renews; a job whose lease ran out is claimed again. The review decision lives on the job, since
 * a blurred video is released only once a person who may see both confirmed that job's output.
 */
export const blurJobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('blur_jobs')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sub_session_id', 'text', (c) => c.notNull().references('sub_sessions.id'))
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('regions', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('output_key', 'text')
      .addColumn('error', 'text')
      .addColumn('review', 'text', (c) => c.notNull())
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('blur_jobs_claim')
      .ifNotExists()
      .on('blur_jobs')
      .columns(['state', 'lease_expires_at', 'created_at'])
      .execute();
    await db.schema
      .createIndex('blur_jobs_sub_session')
      .ifNotExists()
      .on('blur_jobs')
      .columns(['sub_session_id', 'created_at'])
      .execute();
    await db.schema.createIndex('blur_jobs_output').ifNotExists().on('blur_jobs').column('output_key').execute();
  },
};
