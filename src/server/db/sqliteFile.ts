import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Opens a SQLite file as every connection of the server uses it: WAL mode with synchronous=FULL so a committed write
 * survives a power cut, foreign keys enforced, and a busy timeout instead of immediate SQLITE_BUSY errors (the audit
 * writer's connection and the server's take turns at writing).
 */
export function openSqliteFile(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
