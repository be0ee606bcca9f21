import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept prepared: the server's queries are a few hundred shapes (lists vary by IN-list length). */
const CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, keeping each statement prepared for its SQL text. Kysely prepares a
 * statement for every query it runs, and SQLite's compiling a statement cost more than running a keyed lookup
 * (docs/performance.md, "Session lists"). A statement is reused only when it is not busy (a stream still reading it).
 */
export function cachingStatements(sqlite: SqliteConnection): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // Kysely opens a transaction with a plain BEGIN (deferred). The audit writer commits through a connection of
      // its own (src/server/audit/auditWorker.ts); in WAL mode a deferred transaction that read before that commit
      // cannot then write, and fails at once with SQLITE_BUSY instead of waiting. IMMEDIATE takes the write lock at
      // BEGIN, waiting through the busy timeout like any other writer.
      const sql = /^begin$/i.test(text) ? 'begin immediate' : text;
      const cached = cache.get(sql);
      if (cached !== undefined && !cached.busy) {
        // Move it to the newest end of the map, which the eviction below reads as the least recently used order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (cached === undefined) {
        cache.set(sql, statement);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? sql);
      }
      return statement;
    },
  };
}
