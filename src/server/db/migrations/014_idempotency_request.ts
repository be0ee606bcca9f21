import type { Kysely, Migration } from 'kysely';

/**
 * The SHA-256 of the request an Idempotency-Key was first used with (src/server/http/idempotency.ts), so that the
 * key sent again with another body is refused (422) instead of answered as the first and the edit dropped. Keys
 * stored before have none and are answered as before.
 */
export const idempotencyRequestMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
  },
};
