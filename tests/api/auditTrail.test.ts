import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditSeal } from '#server/audit/auditSeal';
import { verifyAuditChain } from '#server/audit/verifyAuditChain';
import { apiClient } from './support/client.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

describe.each(DATABASE_KINDS)('audit trail (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('records logins, failed logins, logouts and reads of patient data, newest first', async () => {
    await api.post('/api/patientLogin', { username: 'demo-patient', password: 'wrong-password' });
    const patient = await api.login('patient');
    await api.get(`/api/patient?PatientID=${patient.id}&UserType=patient`, patient.token);
    await api.post('/api/patientLogout', {}, patient.token);
    const admin = await api.login('admin');
    const res = await api.get('/api/auditLog?UserType=admin', admin.token);
    const lines = String(res.body.Data).split('\n');
    expect(lines[0]).toContain('auditLog.read');
    const patientLines = lines.filter((l) => l.includes(patient.id)).reverse();
    expect(patientLines.map((l) => / (login|patient\.read|logout) /.exec(l)?.[1])).toEqual([
      'login',
      'login',
      'patient.read',
      'logout',
    ]);
    expect(patientLines[0]).toContain('failure');
    expect(patientLines[1]).toContain('success');
  });

  it('keeps the audit log from everyone but the admin', async () => {
    const clinic = await api.login('clinic');
    expect((await api.get('/api/auditLog', clinic.token)).status).toBe(403);
  });

  it('answers a read with 500, naming nothing, when the database refuses its audit row', async () => {
    const patient = await api.login('patient');
    const { db } = t.deps.database;
    // On SQLite the trigger lives in the trail's own file, which the audit writer's connection commits to.
    if (kind === 'sqlite') {
      await sql`CREATE TRIGGER audit.audit_log_refused BEFORE INSERT ON audit_log
        BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION audit_log_refused() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER audit_log_refused BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_refused()`.execute(db);
    }
    try {
      const res = await api.get(`/api/patient?PatientID=${patient.id}&UserType=patient`, patient.token);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain(patient.id);
    } finally {
      if (kind === 'sqlite') await sql`DROP TRIGGER audit.audit_log_refused`.execute(db);
      else {
        await sql`DROP TRIGGER audit_log_refused ON audit_log`.execute(db);
        await sql`DROP FUNCTION audit_log_refused()`.execute(db);
      }
    }
    expect((await api.get(`/api/patient?PatientID=${patient.id}&UserType=patient`, patient.token)).status).toBe(200);
  });

  it('verifies the chain and detects a row altered by hand', async () => {
    const seal = openAuditSeal(t.deps.config, { create: false });
    await t.deps.audit.flush();
    expect(await verifyAuditChain(t.deps.database, seal)).toMatchObject({ ok: true });
    const { db } = t.deps.database;
    await expect(sql`UPDATE audit_log SET outcome = 'tampered' WHERE id = 2`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    // Someone with full database access can drop the guard; the chain still gives them away.
    if (kind === 'sqlite') await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    else await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db);
    await sql`UPDATE audit_log SET outcome = 'tampered' WHERE id = 2`.execute(db);
    expect(await verifyAuditChain(t.deps.database, seal)).toMatchObject({ ok: false, brokenAt: 2 });
  });
});
