import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { patientBody, recordCounts } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;

describe.each(DATABASE_KINDS)('patient writes (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let clinic: Session;
  let clinician: Session;
  let admin: Session;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    [clinic, clinician, admin] = await Promise.all([api.login('clinic'), api.login('clinician'), api.login('admin')]);
  });
  afterAll(() => t.close());

  const patient = async (session: Session, id: string): Promise<Row> =>
    ((await api.get(`/api/patient?PatientID=${id}`, session.token)).body.patients as Row[])[0] ?? {};

  it('adds, edits and deletes a patient as the clinic administrator', async () => {
    const added = await api.post(
      '/api/addPatient',
      patientBody({ Username: 'ada.lovell', Password: 'Walk-Safely-1' }),
      clinic.token,
    );
    expect(added).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    const id = String(added.body.UniquePatientID);
    const stored = await patient(clinic, id);
    expect(stored).toMatchObject({
      GivenPatientID: 'T-100',
      Height: 168,
      Weight: 64.5,
      ICD: 'G20',
      ICF: 'b770,d450',
      Ratings: '2,',
      ClinicIDs: clinic.id,
    });
    await api.login('patient', 'ada.lovell', 'Walk-Safely-1');

    const edited = await api.post(
      '/api/updatePatient',
      {
        ...patientBody({ Surname: 'Lovelace', ICF: null, Ratings: '5' }),
        ID: id,
        GivenPatientID: 'T-100',
        DateModified: stored.DateModified,
      },
      clinic.token,
    );
    expect(edited.status).toBe(200);
    expect(await patient(clinic, id)).toMatchObject({ Surname: 'Lovelace', ICF: null, Ratings: null });

    const removed = await api.post('/api/removePatient', { PatientID: id }, clinic.token);
    expect(removed.body).toMatchObject({ result: 'success' });
    expect((await api.get(`/api/patient?PatientID=${id}`, clinic.token)).status).toBe(404);
    expect((await api.post('/api/patientLogin', { username: 'ada.lovell', password: 'Walk-Safely-1' })).status).toBe(
      401,
    );
  });

  it("links a clinician's new patient to the clinician and to their clinic", async () => {
    const added = await api.post(
      '/api/addPatient',
      patientBody({ ID: 'T-101', ClinicIDs: clinic.id }),
      clinician.token,
    );
    const stored = await patient(clinician, String(added.body.UniquePatientID));
    expect(stored).toMatchObject({ ClinicIDs: clinic.id, ClinicianIDs: clinician.id });
  });

  it.each([
    [{ ID: '' }, 'Patient ID not specified'],
    [{ ID: 'x'.repeat(51) }, 'Patient ID is too long'],
    [{ DOB: undefined }, 'Date of Birth not specified'],
    [{ Height: 0 }, 'Height cannot be 0'],
    [{ Weight: -3 }, 'Weight cannot be negative'],
    [{ Notes: 'n'.repeat(5001) }, 'Notes is too long'],
    [{ Password: 'Walk-Safely-1' }, 'Password specified without a Username'],
    [{ Username: 'demo-patient', Password: 'Walk-Safely-1' }, 'Username is already taken'],
    [{ ICD: 'X99.9' }, 'ICD code X99.9 is not recognised'],
    // Values no clinic would mean: read before as 1 cm, 16 cm and 0.000… cm.
    [{ Height: true }, 'Height must be a number'],
    [{ Height: '0x10' }, 'Height must be a number'],
    [{ Height: 1e-320 }, 'Height is too small: at least 20 cm'],
    // Clinically implausible: taller than anyone living, heavier than any patient who walks into a gait laboratory.
    [{ Height: 300 }, 'Height is too large: at most 260 cm'],
    [{ Weight: 351 }, 'Weight is too large: at most 350 kg'],
    [{ Weight: 0.1 }, 'Weight is too small: at least 0.2 kg'],
    [{ Weight: '1e2' }, 'Weight must be a number'],
    [{ DOB: '2999-01-01' }, 'Date of Birth cannot be in the future'],
    [{ DOB: '1850-06-01' }, 'Date of Birth cannot be before 1900'],
  ])('refuses %o with "%s" and changes nothing', async (change, message) => {
    const before = await recordCounts(t);
    const res = await api.post('/api/addPatient', patientBody(change), clinic.token);
    expect(res).toEqual({ status: 400, body: { error: message } });
    expect(await recordCounts(t)).toEqual(before);
  });

  it('refuses a future date of birth, a height of true and of 300 cm on edit too, and keeps the record', async () => {
    const id = String(
      (await api.post('/api/addPatient', patientBody({ ID: 'T-110' }), clinic.token)).body.UniquePatientID,
    );
    const seen = await patient(clinic, id);
    for (const [change, message] of [
      [
        { DOB: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
        'Date of Birth cannot be in the future',
      ],
      [{ Height: true }, 'Height must be a number'],
      [{ Height: 300 }, 'Height is too large: at most 260 cm'],
    ] as const) {
      const res = await api.post(
        '/api/updatePatient',
        { ...patientBody(change), ID: id, GivenPatientID: 'T-110', DateModified: seen.DateModified },
        clinic.token,
      );
      expect(res).toEqual({ status: 400, body: { error: message } });
    }
    expect(await patient(clinic, id)).toEqual(seen);
  });

  it('requires at least one clinic when the admin adds a patient', async () => {
    const res = await api.post('/api/addPatient', patientBody({ ID: 'T-102' }), admin.token);
    expect(res).toEqual({ status: 400, body: { error: 'Patient must have at least one clinic' } });
  });

  it('keeps a clinician to their own clinics', async () => {
    const foreignClinic = (
      await t.deps.database.db.selectFrom('clinics').select('id').where('id', '!=', clinic.id).executeTakeFirstOrThrow()
    ).id;
    const res = await api.post(
      '/api/addPatient',
      patientBody({ ID: 'T-103', ClinicIDs: foreignClinic }),
      clinician.token,
    );
    // Another clinic answers like one that does not exist.
    expect(res).toEqual({ status: 404, body: { error: 'ClinicIDs contains an unknown id' } });
  });

  it('refuses a stale edit with 409 and the current record', async () => {
    const id = String(
      (await api.post('/api/addPatient', patientBody({ ID: 'T-104' }), clinic.token)).body.UniquePatientID,
    );
    const seen = await patient(clinic, id);
    const edit = (surname: string) =>
      api.post(
        '/api/updatePatient',
        { ...patientBody({ Surname: surname }), ID: id, GivenPatientID: 'T-104', DateModified: seen.DateModified },
        clinic.token,
      );
    expect((await edit('First')).status).toBe(200);
    const second = await edit('Second');
    expect(second.status).toBe(409);
    expect(second.body.current).toMatchObject({ UniquePatientID: id, Surname: 'First' });
    expect((await patient(clinic, id)).Surname).toBe('First');
  });

  it('applies a replayed Idempotency-Key once and answers as the first time', async () => {
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    const first = await api.post('/api/addPatient', patientBody({ ID: 'T-105' }), clinic.token, headers);
    const before = await recordCounts(t);
    const again = await api.post('/api/addPatient', patientBody({ ID: 'T-105' }), clinic.token, headers);
    expect(again).toEqual(first);
    expect(await recordCounts(t)).toEqual(before);
    const otherUser = await api.post('/api/addPatient', patientBody({ ID: 'T-105' }), admin.token, headers);
    expect(otherUser.status).toBe(409);
  });

  it('accepts a client-made id so that offline work can refer to the patient', async () => {
    const id = randomUUID();
    const res = await api.post('/api/addPatient', patientBody({ ID: 'T-106', UniquePatientID: id }), clinic.token);
    expect(res.body.UniquePatientID).toBe(id);
    expect(
      (await api.post('/api/addPatient', patientBody({ ID: 'T-107', UniquePatientID: id }), clinic.token)).status,
    ).toBe(409);
  });

  it('keeps ReadOnly patients from being edited or deleted', async () => {
    const { db } = t.deps.database;
    const ro = await db
      .selectFrom('patients')
      .innerJoin('patient_clinics', 'patient_clinics.patient_id', 'patients.id')
      .select(['id', 'date_modified'])
      .where('read_only', '=', 1)
      .where('clinic_id', '=', clinic.id)
      .executeTakeFirstOrThrow();
    expect((await api.post('/api/removePatient', { PatientID: ro.id }, clinic.token)).status).toBe(403);
    const edit = await api.post(
      '/api/updatePatient',
      { ...patientBody(), ID: ro.id, GivenPatientID: 'x', DateModified: ro.date_modified },
      clinic.token,
    );
    expect(edit.status).toBe(403);
  });
});
