import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuditTrail, type AuditEvent } from '#server/audit/auditTrail';
import { openAuditSeal, type AuditSeal } from '#server/audit/auditSeal';
import { connectionWriter, sqliteWorkerWriter } from '#server/audit/auditWriters';
import { serverSeal } from '#server/audit/startCheck';
import { loadConfig } from '#server/config';
import { DATABASE_KINDS } from './support/testApp.ts';
import { command, dropGuard, rehashWithoutKey, verify, writtenTrail, type Trail } from './support/writtenTrail.ts';

const event: AuditEvent = {
  userId: 'u1',
  role: 'clinician',
  action: 'patient.read',
  target: 'patient:p1',
  outcome: 'success',
  address: '127.0.0.1',
};

/** Rows committed after the last checkpoint write, as a kill -9 between a batch's commit and its checkpoint leaves. */
async function rowsPastCheckpoint(trail: Trail, seal: AuditSeal, count: number): Promise<void> {
  const { database } = trail;
  const writer =
    database.auditFile === undefined
      ? connectionWriter(database, seal.key)
      : sqliteWorkerWriter(database.auditFile, seal.key);
  for (let i = 0; i < count; i++) await writer.append(new Date().toISOString(), [event]);
  await writer.close();
}

const checkpointHead = (trail: Trail) =>
  (JSON.parse(fs.readFileSync(path.join(trail.dataDir, 'audit-checkpoint.json'), 'utf8')) as { headId: number }).headId;

/** Starts the trail as the server does at start, and closes it again. */
async function restart(trail: Trail): Promise<void> {
  const audit = await openAuditTrail(trail.database, () => new Date(), await serverSeal(trail.database, config(trail)));
  await audit.close();
}

const config = (trail: Trail) => loadConfig(trail.env);

describe.each(DATABASE_KINDS)('the audit trail at start (%s)', { timeout: 400_000 }, (kind) => {
  let trail: Trail | undefined;
  afterEach(async () => {
    await trail?.close();
    trail = undefined;
  });

  it('refuses to start once the key and checkpoint are deleted beside a trail re-hashed without the key', async () => {
    trail = await writtenTrail(kind);
    await dropGuard(trail.database);
    await trail.database.db.updateTable('audit_log').set({ outcome: 'failure' }).where('id', '=', 3).execute();
    await rehashWithoutKey(trail.database);
    const keyFile = path.join(trail.dataDir, 'audit.key');
    fs.rmSync(keyFile);
    fs.rmSync(path.join(trail.dataDir, 'audit-checkpoint.json'));

    const started = await command(trail, 'serve');
    expect(started.code).toBe(1);
    expect(started.text).toContain(`The audit key ${keyFile} does not exist, but the audit trail has rows`);
    expect(started.text).toContain('npm run audit:rekey');
    expect(fs.existsSync(keyFile)).toBe(false);
    expect((await verify(trail)).code).toBe(1);
  });

  it('refuses to start when only the checkpoint is missing beside a trail', async () => {
    trail = await writtenTrail(kind);
    const checkpointFile = path.join(trail.dataDir, 'audit-checkpoint.json');
    fs.rmSync(checkpointFile);
    const started = await command(trail, 'serve');
    expect(started.code).toBe(1);
    expect(started.text).toContain(`The audit checkpoint ${checkpointFile} is missing, but the audit trail has 5 rows`);
    expect(fs.existsSync(checkpointFile)).toBe(false);
  });

  it('re-keys on purpose with audit:rekey, which the trail records and audit:verify reports', async () => {
    trail = await writtenTrail(kind);
    fs.rmSync(path.join(trail.dataDir, 'audit.key'));
    fs.rmSync(path.join(trail.dataDir, 'audit-checkpoint.json'));

    const rekeyed = await command(trail, 'audit:rekey');
    expect(rekeyed).toMatchObject({ code: 0 });
    expect(rekeyed.text).toMatch(/row #6 records it; the 5 rows before it are checked by their links only/);
    const row = await trail.database.db.selectFrom('audit_log').selectAll().where('id', '=', 6).executeTakeFirst();
    expect(row).toMatchObject({ action: 'audit.rekey', role: 'operator', outcome: 'success' });
    expect(row?.target).toMatch(/^audit:5 rows to #5 /);

    const verified = await verify(trail);
    expect(verified).toMatchObject({ code: 0 });
    expect(verified.text).toMatch(/intact: 6 rows checked/);
    expect(verified.text).toMatch(/re-keyed at row #6 \(audit\.rekey\)/);
    // An intact trail is not re-keyed again, and the server starts from the new key and checkpoint.
    expect(await command(trail, 'audit:rekey')).toMatchObject({ code: 1, text: /nothing to re-key/ });
    await restart(trail);
  });

  it('checkpoints the rows written after the last checkpoint at the next start', async () => {
    trail = await writtenTrail(kind);
    const seal = openAuditSeal(config(trail), { create: false });
    await rowsPastCheckpoint(trail, seal, 4);
    expect(checkpointHead(trail)).toBe(5);
    await restart(trail);
    expect(checkpointHead(trail)).toBe(9);
    expect(await verify(trail)).toMatchObject({ code: 0, text: /intact: 9 rows checked\./ });
  });

  it('refuses to start when a row written after the last checkpoint was altered', async () => {
    trail = await writtenTrail(kind);
    const seal = openAuditSeal(config(trail), { create: false });
    await rowsPastCheckpoint(trail, seal, 4);
    await dropGuard(trail.database);
    await trail.database.db.updateTable('audit_log').set({ target: 'patient:p9' }).where('id', '=', 7).execute();
    await expect(restart(trail)).rejects.toThrow(
      /The audit trail was altered: row #7, newer than the last checkpoint, its content does not match/,
    );
    expect(checkpointHead(trail)).toBe(5);
  });
});
