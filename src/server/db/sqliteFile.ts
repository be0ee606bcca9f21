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

/** The file of a SQLite database's audit trail, beside it: `gait-portal.sqlite` → `gait-portal-audit.sqlite`. */
export function auditFileOf(file: string): string {
  const extension = path.extname(file);
  return path.join(path.dirname(file), `${path.basename(file, extension)}-audit${extension}`);
}

/**
 * Attaches the audit trail's own database as schema `audit`, WAL and synchronous=FULL like the records'. SQLite keeps
 * a page cache per database file, and a connection drops a file's cache when another connection has committed to
 * that file since its last read: with the trail in a file of its own, the audit writer's commits (its own
 * connection, src/server/audit/auditWorker.ts) leave the records' cache warm. `audit_log` written without a schema
 * names this table once the records' file no longer holds one (migration 011). An in-memory database attaches an
 * in-memory trail.
 */
export function attachAuditFile(sqlite: SqliteDatabase.Database, auditFile: string): void {
  sqlite.prepare('ATTACH DATABASE ? AS audit').run(auditFile);
  sqlite.pragma('audit.journal_mode = WAL');
  sqlite.pragma('audit.synchronous = FULL');
}
