import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config';
import type { Database } from './schema.ts';
import { preparingPool } from './preparedStatements.ts';
import { attachAuditFile, auditFileOf, openSqliteFile } from './sqliteFile.ts';
import { sqlCaptureLog } from './sqlCapture.ts';
import { cachingStatements } from './statementCache.ts';

export type Db = Kysely<Database>;
export type DbKind = DatabaseConfig['kind'];

/**
 * `sqliteFile` names a SQLite database on disk, and `auditFile` its audit trail's file beside it (attached to `db` as
 * schema `audit`), which the audit writer opens a connection of its own to.
 */
export type DbHandle = { db: Db; kind: DbKind; sqliteFile?: string; auditFile?: string };

/**
 * Opens the database. SQLite is opened by openSqliteFile (WAL, synchronous=FULL, foreign keys, busy timeout), with
 * its audit trail's file attached (attachAuditFile) and statements kept prepared; PostgreSQL's frequent statements
 * are prepared by name (preparingPool).
 */
export function connectDatabase(config: DatabaseConfig): DbHandle {
  switch (config.kind) {
    case 'sqlite': {
      const sqlite = openSqliteFile(config.file);
      // The default page cache (2 MB) holds a few thousand rows; a clinic's lists at 100,000 sessions need more.
      sqlite.pragma('cache_size = -65536');
      sqlite.pragma('temp_store = MEMORY');
      const auditFile = config.file === ':memory:' ? ':memory:' : auditFileOf(config.file);
      attachAuditFile(sqlite, auditFile);
      const database = cachingStatements(sqlite);
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: sqlCaptureLog() });
      return config.file === ':memory:'
        ? { kind: 'sqlite', db }
        : { kind: 'sqlite', db, sqliteFile: config.file, auditFile };
    }
    case 'postgres': {
      const pool = new pg.Pool({ connectionString: config.url, max: 10 });
      // An idle pooled connection that the server drops (restart, failover, admin command) emits 'error'; without a
      // listener that would crash the process. The pool replaces the connection on next use.
      pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
      // The server's frequent statements are prepared once per connection instead of planned at every call.
      const dialect = new PostgresDialect({ pool: preparingPool(pool) });
      return { kind: 'postgres', db: new Kysely<Database>({ dialect, log: sqlCaptureLog() }) };
    }
  }
}
