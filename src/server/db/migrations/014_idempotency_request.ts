import type { Kysely, Migration } from 'kysely';
import { addTextColumnOnce } from './addColumnOnce.ts';

/**
 * The SHA-256 of the request an Idempotency-Key was first used with (src/server/http/idempotency.ts), so that the
 * key sent again with another body is refused (422) instead of answered as the first and the edit dropped. Keys
 * stored before have none and are answered as before.
 */
export const idempotencyRequestMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addTextColumnOnce(db, 'idempotency_keys', 'request_hash');
  },
};
