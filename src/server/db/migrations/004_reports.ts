import type { Kysely, Migration } from 'kysely';
import type { DbKind } from '#server/db/connect';

/**
 * Generated reports, kept for the short life of their signed links, and server settings such as the key that
 * signs those links (in the database, so every instance behind a load balancer verifies the same signatures).
 */
export function reportsMigration(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('patient_ids', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('pdf', kind === 'postgres' ? 'bytea' : 'blob')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reports_expires').on('reports').column('expires_at').execute();
      await db.schema
        .createTable('server_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
