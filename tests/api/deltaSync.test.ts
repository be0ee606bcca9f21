import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { clinicBody, patientBody } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;
type Delta = { rows: Row[]; deleted: Row[]; serverTime: string };

describe.each(DATABASE_KINDS)('delta sync with modifiedSince (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let clinic: Session;
  let admin: Session;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    [clinic, admin] = await Promise.all([api.login('clinic'), api.login('admin')]);
  });
  afterAll(() => t.close());

  async function delta(list: 'patients' | 'clinicians' | 'clinics', session: Session, since?: string): Promise<Delta> {
    const query = since === undefined ? '' : `?modifiedSince=${encodeURIComponent(since)}`;
    const res = await api.get(`/api/${list}${query}`, session.token);
    expect(res.status).toBe(200);
    return {
      rows: res.body[list] as Row[],
      deleted: res.body.deleted as Row[],
      serverTime: String(res.body.serverTime),
    };
  }

  it('returns the whole scoped list first, then only what changed, with tombstones for deletions', async () => {
    const full = await delta('patients', clinic);
    expect(full.rows.length).toBeGreaterThan(5);
    expect(full.deleted).toEqual([]);

    t.advanceClock(5);
    const added = await api.post('/api/addPatient', patientBody({ ID: 'D-1' }), clinic.token);
    const addedId = String(added.body.UniquePatientID);
    const victim = full.rows.find((p) => p.SessionCount === 0 && p.ReadOnly !== true && p.ReadOnly !== 1);
    expect(victim).toBeDefined();
    expect((await api.post('/api/removePatient', { PatientID: victim?.UniquePatientID }, clinic.token)).status).toBe(
      200,
    );

    const changes = await delta('patients', clinic, full.serverTime);
    expect(changes.rows.map((p) => p.UniquePatientID)).toEqual([addedId]);
    expect(changes.deleted.map((d) => d.id)).toEqual([victim?.UniquePatientID]);

    // Nothing new since the last answer: an empty delta.
    t.advanceClock(5);
    const quiet = await delta('patients', clinic, changes.serverTime);
    expect(quiet.rows).toEqual([]);
    expect(quiet.deleted).toEqual([]);
  });

  it("keeps tombstones inside the caller's scope", async () => {
    const before = await delta('clinics', admin);
    t.advanceClock(5);
    const added = await api.post(
      '/api/addClinic',
      clinicBody({ ClinicOrgCompName: 'Short-lived Clinic' }),
      admin.token,
    );
    const id = String(added.body.ClinicID);
    expect((await api.post('/api/removeClinic', { ClinicID: id }, admin.token)).status).toBe(200);
    expect((await delta('clinics', admin, before.serverTime)).deleted.map((d) => d.id)).toContain(id);
    // The clinic administrator never saw that clinic, and is not told of its deletion either.
    expect((await delta('clinics', clinic, before.serverTime)).deleted).toEqual([]);
  });

  it('sends clinician edits as deltas', async () => {
    const before = await delta('clinicians', clinic);
    t.advanceClock(5);
    const target = before.rows[0] ?? {};
    const edit = await api.post(
      '/api/updateClinician',
      {
        ID: target.ClinicianID,
        Forename: target.Forename,
        Surname: target.Surname,
        ContactNumber: '+44 1632 960222',
        DateModified: target.DateModified,
      },
      clinic.token,
    );
    expect(edit.status).toBe(200);
    const changes = await delta('clinicians', clinic, before.serverTime);
    expect(changes.rows).toHaveLength(1);
    expect(changes.rows[0]).toMatchObject({ ClinicianID: target.ClinicianID, ContactNumber: '+44 1632 960222' });
  });

  it('rejects a malformed modifiedSince with a clear error', async () => {
    const res = await api.get('/api/patients?modifiedSince=yesterday', clinic.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/modifiedSince/);
  });
});
