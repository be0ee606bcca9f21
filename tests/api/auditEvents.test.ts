import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventRow } from '#shared/audit/auditEvents';
import { apiClient, type Session } from './support/client.ts';
import { patientBody } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { asSessionId, asSubSessionId, type SubSessionId } from '#shared/ids/ids';

type Page = { events: AuditEventRow[]; nextCursor: string | null };

/** The audit log as an auditor reads it: filtered, paged newest first, people and records by name, and exported. */
describe.each(DATABASE_KINDS)('audit events (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session;
  let clinic: Session;
  let clinician: Session;
  let patientId: string;
  let subSessionId: SubSessionId;

  const page = async (query: Record<string, string>): Promise<Page> => {
    const res = await api.get(`/api/auditEvents?${new URLSearchParams(query).toString()}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Page;
  };
  const csv = (query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auditEvents.csv?${new URLSearchParams(query).toString()}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
  const lastRow = async () => {
    await t.deps.audit.flush();
    return t.deps.database.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    [admin, clinic, clinician] = [await api.login('admin'), await api.login('clinic'), await api.login('clinician')];
    const added = await api.post(
      '/api/addPatient',
      patientBody({ ID: 'AUD-1', Forename: 'Quentin', Surname: 'Marlowe' }),
      clinic.token,
    );
    patientId = String(added.body.UniquePatientID);
    await api.get(`/api/patient?PatientID=${patientId}`, clinic.token);
    // A recording of the patient, and a download that names only its sub-session (as downloads do).
    const { db } = t.deps.database;
    const sessionId = asSessionId(randomUUID());
    subSessionId = asSubSessionId(randomUUID());
    const now = new Date().toISOString();
    await db
      .insertInto('sessions')
      .values({ id: sessionId, patient_id: patientId, session_number: 4, created_at: now })
      .execute();
    await db
      .insertInto('sub_sessions')
      .values({
        id: subSessionId,
        session_id: sessionId,
        sub_session_number: 2,
        date_time: now,
        clinician_id: clinician.id,
        test_id: '10MWT',
        date_modified: now,
        deleted_at: null,
      })
      .execute();
    await t.deps.audit.record({
      userId: clinician.id,
      role: 'clinician',
      action: 'session.download',
      target: `subSession:${subSessionId} joints`,
      outcome: 'success',
      address: '203.0.113.9',
    });
  });
  afterAll(() => t.close());

  it('names the people and records of each entry, with their ids', async () => {
    const { events } = await page({ Patient: patientId });
    const read = events.find((e) => e.Action === 'patient.read');
    expect(read?.Actor).toEqual({ ID: clinic.id, Role: 'clinic', Name: 'Riverside Gait Laboratory' });
    expect(read?.Records).toEqual([{ Kind: 'patient', ID: patientId, Label: 'Quentin Marlowe (AUD-1)' }]);
    const download = events.find((e) => e.Action === 'session.download');
    expect(download?.Actor.Name).toBe('Amelia Hart');
    expect(download?.Records).toEqual([
      { Kind: 'subSession', ID: subSessionId, Label: 'Session 4.2 of Quentin Marlowe (AUD-1)' },
    ]);
    expect(download?.At).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('filters by patient: entries naming them, their sessions, or done by them', async () => {
    const byId = await page({ Patient: patientId });
    // This read names the patient too: the auditor's look at them is on their record.
    expect(byId.events[0]).toMatchObject({ Action: 'auditLog.read', Target: `audit_log Patient=${patientId}` });
    const ofRecords = (p: Page) => p.events.filter((e) => e.Action !== 'auditLog.read').map((e) => e.ID);
    expect(byId.events.map((e) => e.Action).filter((a) => a !== 'auditLog.read')).toEqual([
      'session.download',
      'patient.read',
      'patient.add',
    ]);
    // By name words or given id, the same entries.
    expect(ofRecords(await page({ Patient: 'marlowe quentin' }))).toEqual(ofRecords(byId));
    expect(ofRecords(await page({ Patient: 'AUD-1' }))).toEqual(ofRecords(byId));
    expect((await page({ Patient: 'Nobody Atall' })).events).toEqual([]);
  });

  it('filters by person, action, outcome and time', async () => {
    const before = new Date(Date.now() - 1).toISOString();
    await api.post('/api/clinicianLogin', { username: 'demo-clinician', password: 'not-the-password' });
    const after = new Date(Date.now() + 1000).toISOString();

    const byName = await page({ Person: 'amelia HART' });
    expect(byName.events.length).toBeGreaterThan(0);
    expect(new Set(byName.events.map((e) => e.Actor.ID))).toEqual(new Set([clinician.id]));
    expect((await page({ Person: clinician.id })).events.map((e) => e.ID)).toEqual(byName.events.map((e) => e.ID));

    const failed = await page({ Action: 'login', Outcome: 'failure' });
    expect(failed.events.map((e) => [e.Actor.ID, e.Action, e.Outcome])).toEqual([[clinician.id, 'login', 'failure']]);
    const window = await page({ From: before, To: after, Action: 'login' });
    expect(window.events.map((e) => e.Outcome)).toEqual(['failure']);
    expect((await page({ To: before, Action: 'login', Outcome: 'failure' })).events).toEqual([]);
    // A name made of hex letters is not found inside ids.
    await t.deps.audit.record({
      userId: '0000beef-0000-4000-8000-000000000000',
      role: 'clinician',
      action: 'login',
      target: '-',
      outcome: 'failure',
      address: '::1',
    });
    expect((await page({ Person: 'beef' })).events).toEqual([]);
    // A username typed at a failed login is who acted, as far as the trail knows.
    expect((await page({ Person: 'Zebedee' })).events).toEqual([]);
    await api.post('/api/clinicianLogin', { username: 'zebedee', password: 'not-the-password' });
    const unknown = await page({ Person: 'Zebedee' });
    expect(unknown.events.map((e) => [e.Actor.ID, e.Actor.Name, e.Outcome])).toEqual([
      ['unknown(zebedee)', null, 'failure'],
    ]);
  });

  it('pages newest first with no gaps or repeats while entries are written', async () => {
    const query = { Outcome: 'success', limit: '4' };
    const first = await page(query);
    const top = first.events[0]?.ID ?? 0;
    const seen = first.events.map((e) => e.ID);
    for (let cursor = first.nextCursor; cursor !== null;) {
      // Others act between pages, and each page read is itself a new entry.
      await Promise.all([api.login('patient'), api.get('/api/clinics', clinic.token)]);
      const next = await page({ ...query, cursor });
      seen.push(...next.events.map((e) => e.ID));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    await t.deps.audit.flush();
    const stored = await t.deps.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('outcome', '=', 'success')
      .where('id', '<=', top)
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(stored.map((r) => Number(r.id)));
  });

  it('records each read with its filters, at the top of the page it answers', async () => {
    const { events } = await page({ Person: 'hart', Outcome: 'success' });
    const read = await page({ limit: '1' });
    expect(read.events[0]).toMatchObject({ Action: 'auditLog.read', Actor: { ID: admin.id, Name: 'demo-admin' } });
    expect(read.events[0]?.Target).toBe('audit_log');
    const filtered = await page({ Action: 'auditLog.read', limit: '3' });
    expect(filtered.events.map((e) => e.Target)).toEqual([
      'audit_log Action=auditLog.read',
      'audit_log',
      'audit_log Person=hart Outcome=success',
    ]);
    expect(events.every((e) => e.Actor.ID === clinician.id)).toBe(true);
  });

  it('is for the admin alone: other roles are refused, and the refusal is recorded', async () => {
    for (const who of [clinic, clinician, await api.login('patient')]) {
      for (const url of ['/api/auditEvents', '/api/auditEvents.csv']) {
        expect((await api.get(url, who.token)).status, `${who.role} ${url}`).toBe(403);
        expect(await lastRow()).toMatchObject({ user_id: who.id, outcome: 'denied', action: `GET ${url}` });
      }
    }
    expect((await api.get('/api/auditEvents')).status).toBe(401);
  });

  it('is never cached', async () => {
    expect((await api.get('/api/auditEvents', admin.token)).headers['cache-control']).toBe('no-store');
    expect((await csv({})).headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=201', 'limit must be at most 200'],
    ['limit=many', 'limit must be a whole number'],
    ['cursor=abc', 'cursor is not valid'],
    ['Outcome=maybe', 'Outcome should be success, failure, denied'],
    ['From=yesterday', 'From must be a time in UTC, e.g. 2026-01-31T23:00:00.000Z'],
    ['To=2026-02-30T00:00:00Z', 'To must be a time in UTC, e.g. 2026-01-31T23:00:00.000Z'],
    ['From=2026-02-01T00:00:00Z&To=2026-01-01T00:00:00Z', 'From must be before To'],
    [`Person=${'x'.repeat(201)}`, 'Person is too long'],
    ['Patient=a', 'More than 50 patients match this Patient filter: type more of it.'],
  ])('refuses %s with a clear message', async (query, message) => {
    const res = await api.get(`/api/auditEvents?${query}`, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('exports the filtered view as CSV, neutralising formulas, and records the export', async () => {
    const added = await api.post(
      '/api/addPatient',
      patientBody({ ID: 'AUD-2', Forename: '=HYPERLINK("http://evil.example")', Surname: 'Gray' }),
      clinic.token,
    );
    const id = String(added.body.UniquePatientID);
    await api.get(`/api/patient?PatientID=${id}`, clinic.token);
    const res = await csv({ Patient: id, TimeZone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log_[\dT-]+Z\.csv"/);
    const lines = res.payload.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Entry,Time (UTC),Time (America/New_York),Person,Person ID,Role,Action,Action code,Records,Record IDs,Outcome,Address,Target',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,Riverside Gait Laboratory,${clinic.id},Clinic Admin,Opened a patient,patient.read,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"") Gray (AUD-2)"`);
    expect(lines[1]).toMatch(/Z,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(await lastRow()).toMatchObject({
      user_id: admin.id,
      action: 'auditLog.export',
      target: `audit_log Patient=${id} entries=2`,
      outcome: 'success',
    });
    // The export names the patient, so a search for who looked at them finds it too.
    expect((await page({ Patient: id })).events[1]?.Action).toBe('auditLog.export');
  });

  it('refuses an export larger than one file holds, saying what to do, and records the refusal', async () => {
    const event = { userId: clinician.id, role: 'clinician', target: '-', outcome: 'success', address: '::1' } as const;
    await Promise.all(Array.from({ length: 10_001 }, () => t.deps.audit.record({ ...event, action: 'bulk.test' })));
    const res = await csv({ Action: 'bulk.test' });
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.payload)).toEqual({
      error:
        'More than 10,000 entries match these filters: narrow them (a shorter time range, a person or a patient) to export.',
    });
    expect(await lastRow()).toMatchObject({ action: 'auditLog.export', outcome: 'failure' });
    expect((await csv({ Action: 'bulk.test', Person: 'nobody-at-all' })).statusCode).toBe(200);
  });
});
