import type { Kysely, Migration } from 'kysely';

/** Processed Idempotency-Keys with the answer that was given, so a replayed write returns it and changes nothing. */
export const idempotencyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    await db.schema.createIndex('clinicians_modified').on('clinicians').column('date_modified').execute();
    await db.schema.createIndex('clinics_modified').on('clinics').column('date_modified').execute();
  },
};
