import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { auditLogText, createAuditTrail, verifyAuditChain, type AuditEvent } from './auditTrail.ts';

const event = (n: number): AuditEvent => ({
  userId: `u${String(n)}`,
  role: 'clinician',
  action: 'patient.read',
  target: `patient:${String(n)}`,
  outcome: 'success',
  address: '127.0.0.1',
});

describe('audit trail', () => {
  let handle: DbHandle;
  beforeEach(async () => {
    handle = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(handle);
  });
  afterEach(() => handle.db.destroy());

  it('chains concurrent appends without two rows claiming the same predecessor', async () => {
    const trail = createAuditTrail(handle, () => new Date());
    await Promise.all(Array.from({ length: 50 }, (_, i) => trail.record(event(i))));
    expect(await verifyAuditChain(handle, 7)).toEqual({ ok: true, rows: 50 });
  });

  it('reports a removed row', async () => {
    const trail = createAuditTrail(handle, () => new Date());
    for (let i = 0; i < 5; i++) await trail.record(event(i));
    await sql`DROP TRIGGER audit_log_no_delete`.execute(handle.db);
    await sql`DELETE FROM audit_log WHERE id = 3`.execute(handle.db);
    expect(await verifyAuditChain(handle)).toMatchObject({ ok: false, brokenAt: 4 });
  });

  it('refuses updates and deletes in the database itself', async () => {
    await createAuditTrail(handle, () => new Date()).record(event(1));
    await expect(sql`DELETE FROM audit_log`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE audit_log SET role = 'admin'`.execute(handle.db)).rejects.toThrow(/append-only/);
  });

  it('prints one line per event, newest first', async () => {
    const trail = createAuditTrail(handle, () => new Date());
    await trail.record(event(1));
    await trail.record(event(2));
    const lines = (await auditLogText(handle)).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('patient:2');
    expect(lines[1]).toContain('patient:1');
  });
});
