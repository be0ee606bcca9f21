import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { clinicBody, patientBody, recordCounts } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;

describe.each(DATABASE_KINDS)('clinician and clinic writes (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let clinic: Session;
  let admin: Session;
  let clinician: Session;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    [clinic, admin, clinician] = await Promise.all([api.login('clinic'), api.login('admin'), api.login('clinician')]);
  });
  afterAll(() => t.close());

  const clinicianRecord = async (session: Session, id: string): Promise<Row> =>
    ((await api.get(`/api/clinician?id=${id}`, session.token)).body.clinicians as Row[])[0] ?? {};

  it('adds a clinician to the clinic, edits and deletes them', async () => {
    const added = await api.post(
      '/api/addClinician',
      { Forename: 'Rhea', Surname: 'Okafor', Email: 'rhea@clinic.example' },
      clinic.token,
    );
    expect(added).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    const id = String(added.body.ClinicianID);
    const stored = await clinicianRecord(clinic, id);
    expect(stored).toMatchObject({ Forename: 'Rhea', Surname: 'Okafor', ClinicIDs: clinic.id });

    const edit = await api.post(
      '/api/updateClinician',
      {
        ID: id,
        Forename: 'Rhea',
        Surname: 'Okafor-Lane',
        Email: 'rhea@clinic.example',
        DateModified: stored.DateModified,
      },
      clinic.token,
    );
    expect(edit).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    expect(await clinicianRecord(clinic, id)).toMatchObject({ Surname: 'Okafor-Lane' });

    expect((await api.post('/api/removeClinician', { ClinicianID: id }, clinic.token)).status).toBe(200);
    expect((await api.get(`/api/clinician?id=${id}`, clinic.token)).status).toBe(404);
  });

  it('requires a forename and a surname for a clinician, with the spec wording', async () => {
    const before = await recordCounts(t);
    const res = await api.post('/api/addClinician', { Forename: '', Surname: 'Okafor' }, clinic.token);
    expect(res).toMatchObject({ status: 400, body: { error: 'Forename not specified' } });
    expect(await recordCounts(t)).toEqual(before);
  });

  it('refuses to delete a clinician who still has patients', async () => {
    const res = await api.post('/api/removeClinician', { ClinicianID: clinician.id }, clinic.token);
    expect(res.status).toBe(409);
    expect((await api.get(`/api/clinician?id=${clinician.id}`, clinic.token)).status).toBe(200);
  });

  it('lets a clinician edit only their own record, and never their clinics', async () => {
    const own = await clinicianRecord(clinician, clinician.id);
    const edit = await api.post(
      '/api/updateClinician',
      {
        ID: clinician.id,
        Forename: own.Forename,
        Surname: own.Surname,
        ContactNumber: '+44 1632 960111',
        DateModified: own.DateModified,
      },
      clinician.token,
    );
    expect(edit.status).toBe(200);
    expect(await clinicianRecord(clinician, clinician.id)).toMatchObject({
      ContactNumber: '+44 1632 960111',
      ClinicIDs: own.ClinicIDs,
    });

    const others = (await api.get('/api/clinicians', clinic.token)).body.clinicians as Row[];
    const colleague = others.find((c) => c.ClinicianID !== clinician.id);
    const foreign = await api.post(
      '/api/updateClinician',
      {
        ID: colleague?.ClinicianID,
        Forename: 'X',
        Surname: 'Y',
        DateModified: colleague?.DateModified,
      },
      clinician.token,
    );
    expect(foreign.status).toBe(404);
  });

  it('adds, edits and deletes a clinic as the admin, and maps the type to its group', async () => {
    const added = await api.post('/api/addClinic', clinicBody({ ClinicGroupName: 'Gyms' }), admin.token);
    expect(added).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    const id = String(added.body.ClinicID);
    const stored = ((await api.get(`/api/clinic?id=${id}`, admin.token)).body.clinics as Row[])[0] ?? {};
    expect(stored).toMatchObject({ Name: 'North Gait Clinic', group: 'Gyms', ContactForename: 'Ian' });

    const edit = await api.post(
      '/api/updateClinic',
      {
        ...clinicBody({ ClinicOrgCompAddress: '2 North Road' }),
        ClinicGroupName: undefined,
        ID: id,
        DateModified: stored.DateModified,
      },
      admin.token,
    );
    expect(edit.status).toBe(200);
    expect(((await api.get(`/api/clinic?id=${id}`, admin.token)).body.clinics as Row[])[0]).toMatchObject({
      Address: '2 North Road',
    });

    expect((await api.post('/api/removeClinic', { ClinicID: id }, admin.token)).status).toBe(200);
    expect((await api.get(`/api/clinic?id=${id}`, admin.token)).status).toBe(404);
  });

  it('requires every contact field of a clinic, with the spec wording and the form label', async () => {
    for (const [field, label] of [
      ['ClinicOrgCompName', 'Organisation Name'],
      ['ClinicOrgCompAddress', 'Address'],
      ['ClinicContactForename', 'Contact Forename'],
      ['ClinicContactSurname', 'Contact Surname'],
    ] as const) {
      const res = await api.post('/api/addClinic', clinicBody({ [field]: '' }), admin.token);
      expect(res).toMatchObject({ status: 400, body: { error: `${label} not specified` } });
    }
  });

  it('refuses to delete a clinic that still has clinicians or patients', async () => {
    const res = await api.post('/api/removeClinic', { ClinicID: clinic.id }, admin.token);
    expect(res.status).toBe(409);
    expect((await api.get(`/api/clinic?id=${clinic.id}`, admin.token)).status).toBe(200);
  });

  it("adds a clinician to a further clinic and reports the clinician's clinics", async () => {
    const extra = await api.post('/api/addClinic', clinicBody({ ClinicOrgCompName: 'East Gait Clinic' }), admin.token);
    const clinicId = String(extra.body.ClinicID);
    const joined = await api.post('/api/addClinicianToClinic', { clinicianId: clinician.id, clinicId }, admin.token);
    expect(joined.status).toBe(200);
    const clinics = (await api.get(`/api/getClinicFromClinician?clinicianId=${clinician.id}`, admin.token)).body
      .clinics as Row[];
    expect(clinics.map((c) => c.ClinicID)).toContain(clinicId);
    // The clinic administrator may not move a clinician into another clinic.
    expect(
      (await api.post('/api/addClinicianToClinic', { clinicianId: clinician.id, clinicId }, clinic.token)).status,
    ).toBe(404);
  });

  it('refuses a stale clinic edit with 409 and leaves the newer version', async () => {
    const stored = ((await api.get(`/api/clinic?id=${clinic.id}`, admin.token)).body.clinics as Row[])[0] ?? {};
    const body = {
      ClinicOrgCompName: stored.Name,
      ClinicOrgCompAddress: stored.Address,
      ClinicContactForename: stored.ContactForename,
      ClinicContactSurname: stored.ContactSurname,
      ClinicContactNumber: stored.ContactNumber,
      ClinicContactEmail: stored.ContactEmail,
      ID: clinic.id,
      DateModified: stored.DateModified,
    };
    expect((await api.post('/api/updateClinic', { ...body, Notes: 'first' }, admin.token)).status).toBe(200);
    const stale = await api.post('/api/updateClinic', { ...body, Notes: 'second' }, admin.token);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ Notes: 'first' });
  });

  it('serves the code lists and the walk tests to every role', async () => {
    const patient = await api.login('patient');
    for (const session of [patient, clinician, clinic, admin]) {
      const icd = await api.get('/api/getICDList', session.token);
      expect((icd.body.ICD as Row[]).length).toBeGreaterThanOrEqual(40);
      expect((icd.body.ICD as Row[]).find((c) => c.CodeID === 'G20')).toBeDefined();
      const icf = await api.get('/api/getICFList', session.token);
      expect((icf.body.ICF as Row[]).length).toBeGreaterThanOrEqual(30);
      expect((icf.body.ICF as Row[]).find((c) => c.CodeID === 'b770')).toBeDefined();
      expect(((await api.get('/api/getMiscList', session.token)).body.Miscs as Row[]).length).toBeGreaterThan(0);
      const tests = (await api.get('/api/tests', session.token)).body.tests as Row[];
      expect(tests.map((x) => x.Name)).toEqual(expect.arrayContaining([expect.stringMatching(/10.metre walk/i)]));
    }
  });

  it('records every read and write of patient data in the audit trail', async () => {
    const added = await api.post('/api/addPatient', patientBody({ ID: 'T-AUD' }), clinic.token);
    const id = String(added.body.UniquePatientID);
    await api.get(`/api/patient?PatientID=${id}`, clinic.token);
    await api.get('/api/patients', clinic.token);
    const rows = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'outcome'])
      .where('user_id', '=', clinic.id)
      .execute();
    const actions = rows.map((r) => `${r.action} ${r.target} ${r.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([`patient.add patient:${id} success`, `patient.read patient:${id} success`]),
    );
    // A write refused by the handler (here a stale version) is recorded as a failure.
    const stale = await api.post(
      '/api/updatePatient',
      { ...patientBody(), ID: id, GivenPatientID: 'T-AUD', DateModified: '2000-01-01T00:00:00.000Z' },
      clinic.token,
    );
    expect(stale.status).toBe(409);
    const refused = await t.deps.database.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('user_id', '=', clinic.id)
      .where('action', '=', 'patient.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refused.outcome).toBe('failure');
    expect(actions.some((a) => a.startsWith('patients.list'))).toBe(true);
  });
});
