import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { auditHash, GENESIS_HASH, openAuditTrail, type AuditOutcome } from '#server/audit/auditTrail';
import { openAuditSeal } from '#server/audit/auditSeal';
import { loadConfig } from '#server/config';
import { connectDatabase, type DbHandle, type DbKind } from '#server/db/connect';
import { migrateToLatest, migrations } from '#server/db/migrate';
import { DATABASE_KINDS, freshDatabase } from './support/testApp.ts';

const run = promisify(execFile);

type Trail = { dataDir: string; env: Record<string, string>; database: DbHandle; close(): Promise<void> };

/** A trail of five rows written by the product, with its key and checkpoint in DATA_DIR, on a fresh database. */
async function writtenTrail(kind: DbKind, layout: 'latest' | 'trail in the records file' = 'latest'): Promise<Trail> {
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

/** `npm run audit:verify` (main.ts audit:verify) as an operator runs it. */
const verify = (trail: Trail) =>
  run('npx', ['tsx', 'src/server/main.ts', 'audit:verify'], { env: { ...process.env, ...trail.env } }).then(
    ({ stdout }) => ({ code: 0, text: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, text: error.stderr }),
  );

/** What someone with full database access does first: switch off the append-only guard. */
async function dropGuard({ db, kind }: DbHandle): Promise<void> {
  if (kind === 'sqlite') {
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    await sql`DROP TRIGGER audit_log_no_delete`.execute(db);
  } else {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db);
  }
}

describe.each(DATABASE_KINDS)('audit:verify command (%s)', (kind) => {
  let trail: Trail | undefined;
  afterEach(async () => {
    await trail?.close();
    trail = undefined;
  });

  it('passes on an intact trail and fails once a row is altered by hand', async () => {
    trail = await writtenTrail(kind);
    const intact = await verify(trail);
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.text).toMatch(/intact: 5 rows/);

    await dropGuard(trail.database);
    await trail.database.db.updateTable('audit_log').set({ target: 'patient:p2' }).where('id', '=', 2).execute();
    const broken = await verify(trail);
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/BROKEN at row #2/);
  });

  it.runIf(kind === 'sqlite')('passes on an old database, whose trail it moves into its own file first', async () => {
    trail = await writtenTrail(kind, 'trail in the records file');
    await trail.database.db.destroy();
    const intact = await verify(trail);
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.text).toMatch(/intact: 5 rows/);
    expect(fs.existsSync(path.join(trail.dataDir, 'gait-portal-audit.sqlite'))).toBe(true);
    trail.database = connectDatabase(loadConfig(trail.env).database);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM main.sqlite_master
      WHERE name = 'audit_log'`.execute(trail.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('catches a deleted tail, which leaves a chain that still links', async () => {
    trail = await writtenTrail(kind);
    await dropGuard(trail.database);
    await trail.database.db.deleteFrom('audit_log').where('id', '>', 3).execute();
    const broken = await verify(trail);
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/reached row #5 \(5 rows\), but the table ends at #3 \(3 rows\)/);
  });

  it('catches a chain re-hashed after an edit by someone without the key', async () => {
    trail = await writtenTrail(kind);
    await dropGuard(trail.database);
    const { db } = trail.database;
    await db.updateTable('audit_log').set({ outcome: 'failure' }).where('id', '=', 3).execute();
    // The forger recomputes every link and hash the only way open to them: without the audit key.
    let prevHash = GENESIS_HASH;
    for (const row of await db.selectFrom('audit_log').selectAll().orderBy('id').execute()) {
      const event = { ...row, userId: row.user_id, outcome: row.outcome as AuditOutcome };
      const hash = auditHash(null, row.at, event, prevHash);
      await db.updateTable('audit_log').set({ prev_hash: prevHash, hash }).where('id', '=', row.id).execute();
      prevHash = hash;
    }
    const broken = await verify(trail);
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/BROKEN at row #1: its content does not match its keyed hash/);
  });
});
