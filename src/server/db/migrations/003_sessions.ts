import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Recorded sessions (docs/spec.md §3 Session): a session is one patient's visit with a session number; each recording in
 * it is a sub-session with its own clinician, test, time and files. Upload staging lives here too, not in memory,
 * so that any server instance can commit a file another instance received (docs/design.md Storage and durability).
 */
export const sessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id'))
      .addColumn('session_number', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('sessions_patient_number', ['patient_id', 'session_number'])
      .execute();

    await db.schema
      .createTable('sub_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
      .addColumn('sub_session_number', 'integer', (c) => c.notNull())
      .addColumn('date_time', 'text', (c) => c.notNull())
      .addColumn('clinician_id', 'text', (c) => c.notNull().references('clinicians.id'))
      .addColumn('test_id', 'text', (c) => c.notNull())
      .addColumn('date_modified', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    // A removed recording frees its number: only live sub-sessions must be unique within their session.
    await db.schema
      .createIndex('sub_sessions_number')
      .on('sub_sessions')
      .columns(['session_id', 'sub_session_number'])
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
    await db.schema.createIndex('sub_sessions_modified').on('sub_sessions').column('date_modified').execute();
    await db.schema.createIndex('sub_sessions_clinician').on('sub_sessions').column('clinician_id').execute();

    await db.schema
      .createTable('session_files')
      .addColumn('sub_session_id', 'text', (c) => c.notNull().references('sub_sessions.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_files_pk', ['sub_session_id', 'kind'])
      .execute();

    await db.schema
      .createTable('upload_staging')
      .addColumn('file_upload_id', 'text', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('video_kind', 'text')
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_staging_pk', ['file_upload_id', 'slot'])
      .execute();
    await db.schema.createIndex('upload_staging_created').on('upload_staging').column('created_at').execute();
  },
};
