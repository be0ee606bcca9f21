import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../connect.ts';

const COLUMNS = sql.raw('id, at, user_id, role, action, target, outcome, address, prev_hash, hash');

/** The trail's table in its own file (schema `audit`), append-only in the database itself as 001 made it. */
export async function createAuditTable<T>(db: Kysely<T>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS audit.audit_log (
    id integer PRIMARY KEY AUTOINCREMENT, at text NOT NULL, user_id text NOT NULL, role text NOT NULL,
    action text NOT NULL, target text NOT NULL, outcome text NOT NULL, address text NOT NULL,
    prev_hash text NOT NULL, hash text NOT NULL)`.execute(db);
  await sql`CREATE TRIGGER IF NOT EXISTS audit.audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  await sql`CREATE TRIGGER IF NOT EXISTS audit.audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
}

/**
 * Copies the rows of the records' file not yet in the trail's file, ids and hashes as they are, in one statement:
 * one transaction of the trail's file, so a crash keeps all of them or none, and a second run copies only the rest.
 */
export async function copyAuditRows<T>(db: Kysely<T>): Promise<void> {
  await sql`INSERT INTO audit.audit_log (${COLUMNS})
    SELECT ${COLUMNS} FROM main.audit_log
    WHERE id > (SELECT coalesce(max(id), 0) FROM audit.audit_log) ORDER BY id`.execute(db);
}

/** How many rows the records' file holds, and how many of them the trail's file holds the same, column for column. */
async function compareCopies(db: Kysely<unknown>): Promise<{ rows: number; same: number }> {
  const { rows } = await sql<{ rows: number; same: number }>`SELECT
    (SELECT count(*) FROM main.audit_log) AS rows,
    (SELECT count(*) FROM main.audit_log JOIN audit.audit_log USING (${COLUMNS})) AS same`.execute(db);
  return rows[0] ?? { rows: 0, same: -1 };
}

/**
 * Moves the SQLite audit trail into a file of its own (src/server/db/sqliteFile.ts: attachAuditFile), so that the
 * audit writer's commits no longer empty the server connection's page cache of the records (docs/performance.md,
 * "Audit trail"). SQLite does not commit a transaction over two WAL files atomically, so
 * each step is one file's transaction and the steps can be run again after a crash at any point: the copy takes only
 * the rows past the trail file's last id, the records' table is dropped only once the trail file holds each of its
 * rows, column for column, and a second run finds no table left to move. Ids, times and hashes are copied as
 * they are, so the chain and the checkpoint outside the database still match. PostgreSQL keeps its trail as it is.
 */
export function auditFileMigration(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'sqlite') return;
      await createAuditTable(db);
      const found = await sql<{ n: number }>`SELECT count(*) AS n FROM main.sqlite_master
        WHERE type = 'table' AND name = 'audit_log'`.execute(db);
      if (found.rows[0]?.n !== 1) return;
      await copyAuditRows(db);
      const { rows: moved, same } = await compareCopies(db);
      if (same !== moved) {
        throw new Error(
          `Only ${String(same)} of the database's ${String(moved)} audit rows are the same in the trail's own file; the database's are kept`,
        );
      }
      await sql`DROP TABLE main.audit_log`.execute(db);
    },
  };
}

/**
 * A SQLite database migrated to its own trail file must find that file holding the trail: a lost or emptied file
 * would otherwise be started on as an empty trail.
 */
export async function requireAuditTable<T>(db: Kysely<T>, auditFile: string): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM audit.sqlite_master
    WHERE type = 'table' AND name = 'audit_log'`.execute(db);
  if (rows[0]?.n !== 1) {
    throw new Error(
      `The audit trail's file ${auditFile} has no audit_log table: restore it from the backup taken with the database`,
    );
  }
}
