import { sql } from 'kysely';
import type { DbHandle } from './connect.ts';

/** An arbitrary constant naming the lock in PostgreSQL's advisory-lock space (any 64-bit number would do). */
const STARTUP_LOCK_ID = 7_320_260_401;

/**
 * Runs start-up work (creating the initial data on an empty database) in one instance at a time. Instances that
 * start together on one PostgreSQL database would otherwise each find it empty and seed it twice. A session-level
 * advisory lock, held on one connection for the whole work, is released by PostgreSQL if the process dies. SQLite
 * serves one process, so nothing is needed there.
 */
export async function withStartupLock<T>(database: DbHandle, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'sqlite') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_ID})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.execute(connection);
    }
  });
}
