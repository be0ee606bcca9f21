import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAuditSeal, type AuditSeal } from '#server/audit/auditSeal';
import { openAuditTrail, type AuditEvent } from '#server/audit/auditTrail';
import { verifyAuditChain } from '#server/audit/verifyAuditChain';
import { connectDatabase, type DbHandle } from '../connect.ts';
import { migrateToLatest, migrations } from '../migrate.ts';
import { copyAuditRows, createAuditTable } from './011_audit_file.ts';

const event = (n: number): AuditEvent => ({
  userId: `u${String(n)}`,
  role: 'clinician',
  action: 'patient.read',
  target: `patient:${String(n)}`,
  outcome: 'success',
  address: '127.0.0.1',
});

const tableIn = async ({ db }: DbHandle, schema: 'main' | 'audit') =>
  (
    await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.raw(schema)}.sqlite_master
      WHERE type = 'table' AND name = 'audit_log'`.execute(db)
  ).rows[0]?.n === 1;

const rowsOf = async ({ db }: DbHandle) => db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describe('the SQLite audit trail moved into a file of its own (011_audit_file)', () => {
  let dir: string;
  let file: string;
  let seal: AuditSeal;
  const handles: DbHandle[] = [];
  const connect = () => {
    const handle = connectDatabase({ kind: 'sqlite', file });
    handles.push(handle);
    return handle;
  };
  const close = async (handle: DbHandle) => {
    handles.splice(handles.indexOf(handle), 1);
    await handle.db.destroy();
  };

  /**
   * A database as 0.15.0 left it: migrated up to 010, its trail of seven rows in the records' file, written through
   * the product's own trail and anchored by its checkpoint; no trail file beside it.
   */
  async function oldDatabase(): Promise<void> {
    const handle = connect();
    const { error } = await new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(migrations('sqlite')) },
    }).migrateTo('010_scope_order');
    expect(error).toBeUndefined();
    // Without an auditFile the trail is written through this connection, where `audit_log` is still the records'.
    const trail = await openAuditTrail({ db: handle.db, kind: 'sqlite' }, () => new Date(), seal);
    for (let i = 1; i <= 7; i++) await trail.record(event(i));
    await trail.close();
    expect(await tableIn(handle, 'main')).toBe(true);
    await close(handle);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${handle.auditFile ?? ''}${suffix}`, { force: true });
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-audit-file-'));
    file = path.join(dir, 'gait-portal.sqlite');
    const files = { auditKeyFile: path.join(dir, 'audit.key'), auditCheckpointFile: path.join(dir, 'checkpoint.json') };
    seal = openAuditSeal({ auditKey: undefined, ...files }, { create: true });
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves an old trail with its ids and hashes, so the chain and its checkpoint verify, and goes on from it', async () => {
    await oldDatabase();
    const before = await (async () => {
      const raw = connect();
      const rows = await sql`SELECT * FROM main.audit_log ORDER BY id`.execute(raw.db);
      await close(raw);
      return rows.rows;
    })();
    const handle = connect();
    expect(handle.auditFile).toBe(path.join(dir, 'gait-portal-audit.sqlite'));
    await migrateToLatest(handle);
    expect(await tableIn(handle, 'main')).toBe(false);
    expect(await rowsOf(handle)).toEqual(before);
    expect(await verifyAuditChain(handle, seal)).toEqual({ ok: true, rows: 7, anchoredRows: 7 });

    const trail = await openAuditTrail(handle, () => new Date(), seal);
    await trail.record(event(8));
    await trail.close();
    expect(await verifyAuditChain(handle, seal)).toEqual({ ok: true, rows: 8, anchoredRows: 8 });
  });

  it('neither loses nor repeats a row when a start stopped midway, whichever step it stopped after', async () => {
    await oldDatabase();
    const handle = connect();
    // Stopped with part of the trail copied (rows 1-3), then again after the copy, before the old table was dropped.
    await createAuditTable(handle.db);
    await sql`INSERT INTO audit.audit_log SELECT * FROM main.audit_log WHERE id <= 3`.execute(handle.db);
    await copyAuditRows(handle.db);
    expect(await tableIn(handle, 'main')).toBe(true);
    await migrateToLatest(handle);
    expect(await tableIn(handle, 'main')).toBe(false);
    expect((await rowsOf(handle)).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Stopped after the drop, before the migration was recorded as done (so before any later migration ran).
    await sql`DELETE FROM kysely_migration WHERE name >= '011_audit_file'`.execute(handle.db);
    await migrateToLatest(handle);
    expect(await verifyAuditChain(handle, seal)).toEqual({ ok: true, rows: 7, anchoredRows: 7 });
  });

  it("keeps the records' trail when the trail's file holds a different row under one of its ids", async () => {
    await oldDatabase();
    const handle = connect();
    await createAuditTable(handle.db);
    await sql`INSERT INTO audit.audit_log SELECT * FROM main.audit_log WHERE id <= 3`.execute(handle.db);
    await sql`DROP TRIGGER audit.audit_log_no_update`.execute(handle.db);
    await sql`UPDATE audit.audit_log SET target = 'patient:other' WHERE id = 2`.execute(handle.db);
    await expect(migrateToLatest(handle)).rejects.toThrow(/Only 6 of the database's 7 audit rows are the same/);
    expect(await tableIn(handle, 'main')).toBe(true);
  });

  it('refuses to start on a migrated database whose trail file is gone, instead of starting an empty trail', async () => {
    const handle = connect();
    await migrateToLatest(handle);
    await close(handle);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${handle.auditFile ?? ''}${suffix}`, { force: true });
    await expect(migrateToLatest(connect())).rejects.toThrow(/gait-portal-audit.sqlite has no audit_log table/);
  });

  it("leaves the records' page cache alone: the audit writer commits to the trail's file only", async () => {
    const handle = connect();
    await migrateToLatest(handle);
    // data_version changes when another connection has committed to that file: the cue for dropping its cache.
    const version = async (schema: 'main' | 'audit') =>
      (await sql<{ data_version: number }>`PRAGMA ${sql.raw(schema)}.data_version`.execute(handle.db)).rows[0]
        ?.data_version;
    const records = await version('main');
    const trail = await version('audit');
    const writer = await openAuditTrail(handle, () => new Date(), seal);
    for (let i = 1; i <= 3; i++) await writer.record(event(i));
    await writer.close();
    expect(await version('main')).toBe(records);
    expect(await version('audit')).not.toBe(trail);
  });
});
