import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { tempDataDir } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/** Who saw which record (HIPAA §164.312(b)): a list read's audit row names every record it returned. */
describe.each(DATABASE_KINDS)('audit rows of list reads (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let clinic: Session;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    clinic = await api.login('clinic');
  });
  afterAll(() => t.close());

  const lastRow = async (action: string) => {
    await t.deps.audit.flush();
    return t.deps.database.db
      .selectFrom('audit_log')
      .select(['target', 'user_id'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  };
  const named = (target: string) => new Set(target.replace(/^\w+:/, '').split(' ')[0]?.split(','));

  it.each([
    ['/api/patients', 'patients.list', 'patients', 'UniquePatientID'],
    ['/api/clinicians', 'clinicians.list', 'clinicians', 'ClinicianID'],
    ['/api/clinics', 'clinics.list', 'clinics', 'ClinicID'],
  ])('GET %s names every record it returned', async (url, action, list, idField) => {
    const res = await api.get(url, clinic.token);
    const ids = (res.body[list] as Record<string, string>[]).map((r) => r[idField]);
    expect(ids.length).toBeGreaterThan(0);
    const row = await lastRow(action);
    expect(row.user_id).toBe(clinic.id);
    expect(named(row.target)).toEqual(new Set(ids));
  });

  it('names the patients whose sessions a session list returned, and only those of a delta', async () => {
    const [admin, patient, clinician] = [
      await api.login('admin'),
      await api.login('patient'),
      await api.login('clinician'),
    ];
    const since = new Date().toISOString();
    await addSessionWith(t, admin, [], sessionBody(patient.id, clinician.id));
    const all = await api.get('/api/sessions', clinic.token);
    const patients = (all.body.sessions as { UniquePatientID: string }[]).map((s) => s.UniquePatientID);
    expect(named((await lastRow('sessions.list')).target)).toEqual(new Set(patients));
    await api.get(`/api/sessions?modifiedSince=${since}`, clinic.token);
    expect((await lastRow('sessions.list')).target).toBe(`patients:${patient.id} since ${since}`);
  });

  // The reads whose row is committed while their answer is serialized and compressed (auditRead).
  const reads = (patientId: string) => [
    '/api/sessions',
    '/api/patients',
    '/api/clinicians',
    '/api/clinics',
    `/api/patient?PatientID=${patientId}`,
    `/api/patientSessions?id=${patientId}`,
  ];

  it('answers a read only once its audit row is committed', async () => {
    const patient = await api.login('patient');
    for (const url of reads(patient.id)) {
      const before = await t.deps.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirstOrThrow();
      const res = await api.get(url, clinic.token);
      expect(res.status, url).toBe(200);
      // No flush: the row must already be in the trail when the answer arrives.
      const rows = await t.deps.database.db
        .selectFrom('audit_log')
        .select('user_id')
        .where('id', '>', Number(before.last ?? 0))
        .execute();
      expect(
        rows.map((r) => r.user_id),
        url,
      ).toContain(clinic.id);
    }
  });

  it('does not answer a read whose audit row cannot be written', async () => {
    const patient = await api.login('patient');
    const record = t.deps.audit.record.bind(t.deps.audit);
    t.deps.audit.record = () => Promise.reject(new Error('the audit trail is unavailable'));
    try {
      for (const url of reads(patient.id)) {
        const res = await api.get(url, clinic.token);
        expect(res.status, url).toBe(500);
        expect(JSON.stringify(res.body), url).not.toContain(patient.id);
      }
    } finally {
      t.deps.audit.record = record;
    }
  });
});
