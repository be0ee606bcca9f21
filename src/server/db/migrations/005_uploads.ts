import type { Kysely, Migration } from 'kysely';

/**
 * Resumable uploads (docs/api-sessions.md): how far each one has arrived, kept in the database rather than in memory
 * so that a server restart, or another instance behind the load balancer, resumes where the last chunk ended.
 */
export const uploadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload_parts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('file_upload_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('video_kind', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('received', 'bigint', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('upload_parts_file', ['user_id', 'file_upload_id', 'file_name'])
      .execute();
    await db.schema.createIndex('upload_parts_created').on('upload_parts').column('created_at').execute();
  },
};
