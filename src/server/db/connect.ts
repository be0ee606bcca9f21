import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config';
import type { Database } from './schema.ts';
import { cachingStatements } from './statementCache.ts';

export type Db = Kysely<Database>;
export type DbKind = DatabaseConfig['kind'];

export type DbHandle = { db: Db; kind: DbKind };

/**
 * Opens the database. SQLite runs in WAL mode with synchronous=FULL so a committed write survives a power cut,
 * with foreign keys enforced, a busy timeout instead of immediate SQLITE_BUSY errors, and statements kept prepared.
 */
export function connectDatabase(config: DatabaseConfig): DbHandle {
  switch (config.kind) {
    case 'sqlite': {
      if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
      const sqlite = new SqliteDatabase(config.file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('synchronous = FULL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      // The default page cache (2 MB) holds a few thousand rows; a clinic's lists at 100,000 sessions need more.
      sqlite.pragma('cache_size = -65536');
      sqlite.pragma('temp_store = MEMORY');
      const database = cachingStatements(sqlite);
      return { kind: 'sqlite', db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }) };
    }
    case 'postgres': {
      const pool = new pg.Pool({ connectionString: config.url, max: 10 });
      // An idle pooled connection that the server drops (restart, failover, admin command) emits 'error'; without a
      // listener that would crash the process. The pool replaces the connection on next use.
      pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
      return { kind: 'postgres', db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
    }
  }
}
