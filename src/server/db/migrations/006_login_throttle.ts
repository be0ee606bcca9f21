import type { Kysely, Migration } from 'kysely';

/**
 * Login throttling counters (src/server/auth/throttle.ts), replacing login_failures and its hard locks. Times are
 * epoch milliseconds so that one statement can compute the next delay on both databases; each row also carries its
 * rule, which that statement reads.
 */
export const loginThrottleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('login_failures').execute();
    await db.schema
      .createTable('login_throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('delay_ms', 'bigint', (c) => c.notNull())
      .addColumn('allowed_at_ms', 'bigint', (c) => c.notNull())
      .addColumn('ticket', 'text', (c) => c.notNull())
      .addColumn('refused', 'integer', (c) => c.notNull())
      .addColumn('free', 'integer', (c) => c.notNull())
      .addColumn('window_ms', 'bigint', (c) => c.notNull())
      .addColumn('base_ms', 'bigint', (c) => c.notNull())
      .addColumn('max_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_start_ms').execute();
  },
};
