import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { openAuditSeal, type AuditSeal } from './auditSeal.ts';
import { auditLogText, openAuditTrail, type AuditEvent, type AuditTrail } from './auditTrail.ts';
import { verifyAuditChain } from './verifyAuditChain.ts';

const event = (n: number): AuditEvent => ({
  userId: `u${String(n)}`,
  role: 'clinician',
  action: 'patient.read',
  target: `patient:${String(n)}`,
  outcome: 'success',
  address: '127.0.0.1',
});

// A SQLite file is written by the audit worker thread; an in-memory database through the server's own connection.
describe.each(['file', 'memory'] as const)('audit trail (%s database)', (where) => {
  let handle: DbHandle;
  let dir: string;
  let seal: AuditSeal;
  const clock = () => new Date();
  const trails: AuditTrail[] = [];
  const open = async (): Promise<AuditTrail> => {
    const trail = await openAuditTrail(handle, clock, seal);
    trails.push(trail);
    return trail;
  };
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-audit-'));
    handle = connectDatabase({ kind: 'sqlite', file: where === 'file' ? path.join(dir, 'test.sqlite') : ':memory:' });
    expect(handle.sqliteFile !== undefined).toBe(where === 'file');
    await migrateToLatest(handle);
    const files = { auditKeyFile: path.join(dir, 'audit.key'), auditCheckpointFile: path.join(dir, 'checkpoint.json') };
    seal = openAuditSeal({ auditKey: undefined, ...files }, { create: true });
  });
  afterEach(async () => {
    for (const trail of trails.splice(0)) await trail.close();
    await handle.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('chains concurrent appends without two rows claiming the same predecessor, and checkpoints the head', async () => {
    const trail = await open();
    await Promise.all(Array.from({ length: 50 }, (_, i) => trail.record(event(i))));
    await trail.flush();
    expect(await verifyAuditChain(handle, seal, 7)).toEqual({ ok: true, rows: 50, anchoredRows: 50 });
  });

  it('resolves a record only once its row is committed, and fails every request of a batch that could not be written', async () => {
    const trail = await open();
    await trail.record(event(1));
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(1);
    // While one write runs, the next events wait together; one of them the database refuses (no target): they are
    // one transaction, so both fail, and the chain goes on from the row before them.
    const running = trail.record(event(2));
    const broken = { ...event(3), target: null as unknown as string };
    const outcomes = await Promise.allSettled([trail.record(broken), trail.record(event(4))]);
    await running;
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await trail.record(event(5));
    await trail.flush();
    const rows = await count();
    expect(rows).toBe(3);
    expect(await verifyAuditChain(handle, seal)).toEqual({ ok: true, rows, anchoredRows: rows });
  });

  it('keeps the key readable by its owner only', () => {
    expect(fs.statSync(path.join(dir, 'audit.key')).mode & 0o777).toBe(0o600);
  });

  it('reports a removed row', async () => {
    const trail = await open();
    for (let i = 0; i < 5; i++) await trail.record(event(i));
    await trail.flush();
    await sql`DROP TRIGGER audit_log_no_delete`.execute(handle.db);
    await sql`DELETE FROM audit_log WHERE id = 3`.execute(handle.db);
    expect(await verifyAuditChain(handle, seal)).toMatchObject({ ok: false, brokenAt: 4 });
  });

  it('refuses updates and deletes in the database itself', async () => {
    await (await open()).record(event(1));
    await expect(sql`DELETE FROM audit_log`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE audit_log SET role = 'admin'`.execute(handle.db)).rejects.toThrow(/append-only/);
  });

  it('prints one line per event, newest first', async () => {
    const trail = await open();
    await trail.record(event(1));
    await trail.record(event(2));
    const lines = (await auditLogText(handle)).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('patient:2');
    expect(lines[1]).toContain('patient:1');
  });
});
