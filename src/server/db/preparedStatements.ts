import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** How many statements are named, and which: see preparingPool. */
export type PreparedLimits = {
  /** A text is named from its this-many-th use on: a text met once (an IN list of an odd length) is never named. */
  namedFrom: number;
  /** Texts named in all, for the process: each connection's prepared set is a subset, so this bounds it. */
  maxNamed: number;
  /** Texts with more bound values than this are never named (long IN lists, whose length varies page to page). */
  maxValues: number;
  /** Texts whose uses are counted before they are named; the count starts again when it is full. */
  maxCounted: number;
};

const PREPARED_LIMITS: PreparedLimits = { namedFrom: 3, maxNamed: 128, maxValues: 128, maxCounted: 4096 };

/**
 * PostgreSQL answers a statement's plan being out of date in these two ways: the table's columns changed under a
 * `select *` (another instance migrated; 0A000 "cached plan must not change result type"), or the connection lost its
 * prepared statements (26000, "prepared statement … does not exist": DISCARD ALL, a pooler in between).
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const isStale = (error: unknown) =>
  error instanceof Error && STALE_STATEMENT.has(String((error as Error & { code?: unknown }).code));

/**
 * The pool as Kysely's PostgresDialect uses it, sending the server's frequent statements as named (prepared)
 * statements. Kysely sends every statement unnamed, so PostgreSQL parses and plans it again each time, which for the
 * short statements of a mixed load cost the backends about as much as running them (docs/performance.md, "Session
 * lists"). node-postgres parses a named statement once per connection (it remembers which names each
 * connection holds); PostgreSQL plans its first five runs for their values and then keeps one generic plan if that is
 * estimated to cost about as much, else goes on planning each run as before (`plan_cache_mode` auto; the admin's
 * 1,000-row page statement does).
 *
 * Bounded: a text is named only from its `namedFrom`-th use, with at most `maxValues` bound values, and at most
 * `maxNamed` texts in all (later texts run unnamed, as before), so texts that vary (IN lists of varying length, dynamic
 * filters) cannot grow a connection's prepared set without limit: each statement and its plan hold some of its
 * backend's memory, which `maxNamed` bounds. Names are given in order of first naming (`s1`, `s2`, …), never derived from the text, so two texts can never share one. A stale statement (STALE_STATEMENT) is
 * forgotten, its text named afresh, and run again once when no transaction is open on the connection: the failed
 * attempt ran nothing.
 */
export function preparingPool(pool: pg.Pool, limits: PreparedLimits = PREPARED_LIMITS): PostgresPool {
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  let named = 0;
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  function nameOf(text: string, values: number): string | undefined {
    const name = names.get(text);
    if (name !== undefined || values === 0 || values > limits.maxValues || named >= limits.maxNamed) return name;
    const count = (uses.get(text) ?? 0) + 1;
    if (count < limits.namedFrom) {
      if (uses.size >= limits.maxCounted) uses.clear();
      uses.set(text, count);
      return undefined;
    }
    uses.delete(text);
    named += 1;
    const fresh = `s${String(named)}`;
    names.set(text, fresh);
    return fresh;
  }

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    // Kysely runs a transaction's statements, from its BEGIN to its COMMIT or ROLLBACK, on one client.
    let inTransaction = false;
    const run = async (text: string, values: unknown[]) => {
      if (/^(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^(commit|rollback)$/i.test(text)) inTransaction = false;
      const name = nameOf(text, values.length);
      if (name === undefined) return client.query(text, values);
      try {
        return await client.query({ name, text, values });
      } catch (error) {
        if (!isStale(error)) throw error;
        if (names.get(text) === name) names.delete(text);
        if (inTransaction) throw error;
        return client.query(text, values);
      }
    };
    function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(text: unknown, values: readonly unknown[] = []): unknown {
      // Kysely passes a cursor only to stream, which needs a `cursor` in the dialect's config; this server has none.
      if (typeof text !== 'string') throw new Error('Streaming a query needs a cursor in the dialect config');
      return run(text, [...values]);
    }
    return { query, release: () => client.release() };
  }

  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (wrapped === undefined) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
