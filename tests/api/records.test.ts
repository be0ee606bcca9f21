import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;

describe.each(DATABASE_KINDS)('record reads are scoped by role (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let patient: Session;
  let clinician: Session;
  let clinic: Session;
  let admin: Session;
  let foreignPatientId: string;
  let foreignClinicId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    [patient, clinician, clinic, admin] = await Promise.all([
      api.login('patient'),
      api.login('clinician'),
      api.login('clinic'),
      api.login('admin'),
    ]);
    const { db } = t.deps.database;
    const foreign = await db
      .selectFrom('patient_clinics')
      .select('patient_id')
      .where('clinic_id', '!=', clinic.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    foreignPatientId = foreign.patient_id;
    foreignClinicId = (
      await db.selectFrom('clinics').select('id').where('id', '!=', clinic.id).limit(1).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('shows a patient their own record with clinic and clinician names', async () => {
    const res = await api.get(`/api/patient?PatientID=${patient.id}&UserType=patient`, patient.token);
    expect(res.status).toBe(200);
    const [own] = res.body.patients as Row[];
    expect(own).toMatchObject({
      UniquePatientID: patient.id,
      Forename: 'Olivia',
      Surname: 'Bennett',
      ClinicNames: 'Riverside Gait Laboratory',
    });
    expect(own?.Clinicians).toContain('Amelia Hart');
    expect(own).not.toHaveProperty('Password');
  });

  it("counts a patient's recorded sessions, gives the latest date, and sends the patient again in the next delta", async () => {
    const read = async (): Promise<Row> =>
      ((await api.get(`/api/patient?PatientID=${patient.id}`, patient.token)).body.patients as Row[])[0] ?? {};
    expect(await read()).toMatchObject({ SessionCount: 0, LatestSessionDate: null });
    const since = String((await api.get('/api/patients', clinic.token)).body.serverTime);
    t.advanceClock(2);
    for (const [n, date] of [
      [1, '2026-03-04T09:15:00.000Z'],
      [2, '2026-05-06T10:00:00.000Z'],
    ] as const) {
      const added = await addSessionWith(
        t,
        admin,
        [{ body: walk().text, type: 'application/json' }],
        sessionBody(patient.id, clinician.id, {
          SessionNumber: n,
          DateTime: date,
          FileUploadTypeOptions: 'SharedFormatJointsOnly',
        }),
      );
      expect(added.status).toBe(200);
    }
    expect(await read()).toMatchObject({ SessionCount: 2, LatestSessionDate: '2026-05-06T10:00:00.000Z' });
    const delta = (await api.get(`/api/patients?modifiedSince=${since}`, clinic.token)).body.patients as Row[];
    expect(delta.map((p) => p.UniquePatientID)).toContain(patient.id);
  });

  it("answers 404 for another patient's record, whoever asks outside their scope", async () => {
    expect((await api.get(`/api/patient?PatientID=${foreignPatientId}`, patient.token)).status).toBe(404);
    expect((await api.get(`/api/patient?PatientID=${foreignPatientId}`, clinic.token)).status).toBe(404);
    expect((await api.get(`/api/patient?PatientID=${foreignPatientId}`, clinician.token)).status).toBe(404);
    expect((await api.get(`/api/patient?PatientID=${foreignPatientId}`, admin.token)).status).toBe(200);
  });

  it('refuses the clinician list to a patient', async () => {
    expect((await api.get('/api/clinicians', patient.token)).status).toBe(403);
  });

  it("lists only a clinic's own clinicians", async () => {
    const res = await api.get('/api/clinicians', clinic.token);
    const clinicians = res.body.clinicians as Row[];
    expect(clinicians.map((c) => `${String(c.Forename)} ${String(c.Surname)}`).sort()).toEqual([
      'Amelia Hart',
      'Daniel Okafor',
      'Sofia Lindqvist',
    ]);
    expect(((await api.get('/api/clinicians', admin.token)).body.clinicians as Row[]).length).toBe(10);
  });

  it('shows a clinician their own record and clinics, and hides other clinics', async () => {
    const own = await api.get(`/api/clinician?id=${clinician.id}`, clinician.token);
    expect(own.body.clinicians).toEqual([
      expect.objectContaining({ ClinicianID: clinician.id, ClinicNames: 'Riverside Gait Laboratory' }),
    ]);
    expect((await api.get(`/api/clinic?id=${clinic.id}`, clinician.token)).status).toBe(200);
    expect((await api.get(`/api/clinic?id=${foreignClinicId}`, clinician.token)).status).toBe(404);
    expect((await api.get('/api/clinics', clinician.token)).body.clinics).toHaveLength(1);
  });

  it('shows a clinic its own name and address', async () => {
    const res = await api.get(`/api/clinic?id=${clinic.id}&UserType=clinic`, clinic.token);
    expect(res.body.clinics).toEqual([
      expect.objectContaining({ Name: 'Riverside Gait Laboratory', Address: '12 Riverside Road, Bristol BS1 4QA' }),
    ]);
    expect((await api.get(`/api/clinic?id=${foreignClinicId}`, clinic.token)).status).toBe(404);
  });

  it('rejects a request without the required id with the spec wording', async () => {
    expect(await api.get('/api/patient', admin.token)).toMatchObject({
      status: 400,
      body: { error: 'PatientID not specified' },
    });
  });
});
