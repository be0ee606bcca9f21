import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Migrator, sql } from 'kysely';
import { expect } from 'vitest';
import { auditHash, GENESIS_HASH, openAuditTrail, type AuditOutcome } from '#server/audit/auditTrail';
import { openAuditSeal } from '#server/audit/auditSeal';
import { loadConfig } from '#server/config';
import { connectDatabase, type DbHandle, type DbKind } from '#server/db/connect';
import { migrateToLatest, migrations } from '#server/db/migrate';
import { freePort } from './instances.ts';
import { freshDatabase } from './testApp.ts';

const run = promisify(execFile);

export type Trail = { dataDir: string; env: Record<string, string>; database: DbHandle; close(): Promise<void> };

/** A trail of five rows written by the product, with its key and checkpoint in DATA_DIR, on a fresh database. */
export async function writtenTrail(
  kind: DbKind,
  layout: 'latest' | 'trail in the records file' = 'latest',
): Promise<Trail> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-audit-cli-'));
  // SQLite lives in DATA_DIR as in production; PostgreSQL is a fresh database named by DATABASE_URL.
  const postgres = kind === 'postgres' ? await freshDatabase(kind) : undefined;
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(postgres?.config.kind === 'postgres' ? { DATABASE_URL: postgres.config.url } : {}),
  };
  const config = loadConfig(env);
  const database = connectDatabase(config.database);
  if (layout === 'latest') await migrateToLatest(database);
  else {
    // As 0.15.0 left a SQLite database: migrated up to 010, the trail in the records' file, written through the
    // server's connection (no auditFile), where `audit_log` is still the records' table.
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrations(kind)) },
    });
    expect((await migrator.migrateTo('010_scope_order')).error).toBeUndefined();
  }
  const writtenThrough = layout === 'latest' ? database : { db: database.db, kind };
  const audit = await openAuditTrail(writtenThrough, () => new Date(), openAuditSeal(config, { create: true }));
  for (const action of ['login', 'patient.read', 'patient.update', 'patient.read', 'logout']) {
    await audit.record({
      userId: 'u1',
      role: 'clinician',
      action,
      target: 'patient:p1',
      outcome: 'success',
      address: '127.0.0.1',
    });
  }
  await audit.close();
  return {
    dataDir,
    env,
    database,
    async close() {
      await database.db.destroy();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm run <command>` (main.ts <command>) as an operator runs it: its exit code and what it printed. */
export const command = async (trail: Trail, name: 'audit:verify' | 'audit:rekey' | 'serve') =>
  run(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...(name === 'serve' ? [] : [name])], {
    env: { ...process.env, ...trail.env, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    timeout: 150_000,
  }).then(
    ({ stdout }) => ({ code: 0, text: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, text: error.stderr }),
  );

export const verify = (trail: Trail) => command(trail, 'audit:verify');

/** What someone with full database access does first: switch off the append-only guard. */
export async function dropGuard({ db, kind }: DbHandle): Promise<void> {
  if (kind === 'sqlite') {
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    await sql`DROP TRIGGER audit_log_no_delete`.execute(db);
  } else {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db);
  }
}

/** The forger recomputes every link and hash the only way open to them: without the audit key (plain SHA-256). */
export async function rehashWithoutKey({ db }: DbHandle): Promise<void> {
  let prevHash = GENESIS_HASH;
  for (const row of await db.selectFrom('audit_log').selectAll().orderBy('id').execute()) {
    const event = { ...row, userId: row.user_id, outcome: row.outcome as AuditOutcome };
    const hash = auditHash(null, row.at, event, prevHash);
    await db.updateTable('audit_log').set({ prev_hash: prevHash, hash }).where('id', '=', row.id).execute();
    prevHash = hash;
  }
}
