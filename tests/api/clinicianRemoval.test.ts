import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { databaseSnapshot } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type ClinicianRecord = { ClinicianID: string; ClinicIDs: string; DateModified: string };

/**
 * Removing a clinician (docs/api-records.md). A clinician who works for two clinics holds records of both: a clinic
 * administrator's remove takes them out of its own clinic and leaves them, their login and the other clinic's work
 * alone; only the product administrator deletes such a clinician.
 */
describe.each(DATABASE_KINDS)('removing a clinician (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session;
  let clinic: Session;
  let otherClinic: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    [admin, clinic] = [await api.login('admin'), await api.login('clinic')];
    const { db } = t.deps.database;
    const other = await db
      .selectFrom('clinics')
      .select('id')
      .where('id', '!=', clinic.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherClinic = other.id;
  });
  afterAll(() => t.close());

  /** A clinician the admin adds to two clinics: the demo clinic and another. */
  const sharedClinician = async (username?: string) => {
    const login = username === undefined ? {} : { Username: username, Password: 'Shared-Clinician-2026' };
    const body = { Forename: 'Shared', Surname: 'Clinician', ClinicIDs: [otherClinic, clinic.id], ...login };
    const added = await api.post('/api/addClinician', body, admin.token);
    expect(added.status).toBe(200);
    return String(added.body.ClinicianID);
  };

  const record = async (who: Session, id: string) => {
    const res = await api.get(`/api/clinician?id=${id}`, who.token);
    return { status: res.status, clinician: (res.body.clinicians as ClinicianRecord[] | undefined)?.[0] };
  };

  it('refuses while the clinician still has patients of the clinic, and changes nothing', async () => {
    const shared = await sharedClinician();
    const patient = await api.post(
      '/api/addPatient',
      { ID: 'REM-1', DOB: '1970-01-01', Height: 170, Weight: 70, ClinicianIDs: shared },
      clinic.token,
    );
    expect(patient.status).toBe(200);
    const before = await databaseSnapshot(t);
    const refused = await api.post('/api/removeClinician', { ClinicianID: shared }, clinic.token);
    expect(refused).toEqual({ status: 409, body: { error: 'The clinician still has patients of this clinic' } });
    expect(await databaseSnapshot(t)).toBe(before);
    const removed = await api.post('/api/removePatient', { PatientID: patient.body.UniquePatientID }, clinic.token);
    expect(removed.status).toBe(200);
  });

  it('by a clinic administrator takes a shared clinician out of that clinic only: the other clinic keeps them', async () => {
    const shared = await sharedClinician('shared-clinician');
    // The clinician logs in to their other clinic's patients, and must still be able to afterwards.
    const clinician = await api.login('clinician', 'shared-clinician', 'Shared-Clinician-2026');
    const since = String((await api.get('/api/clinicians', clinic.token)).body.serverTime);

    const removed = await api.post('/api/removeClinician', { ClinicianID: shared }, clinic.token);
    expect(removed).toMatchObject({
      status: 200,
      body: { result: 'success', returnValue: 0, ClinicianID: shared, Removed: 'fromClinic' },
    });

    const afterwards = await record(admin, shared);
    expect(afterwards.status).toBe(200);
    expect(afterwards.clinician?.ClinicIDs.split(', ')).toEqual([otherClinic]);
    expect((await record(clinician, shared)).status).toBe(200);
    expect((await record(clinic, shared)).status).toBe(404);
    // The clinic's mirror learns that the clinician left it, as it would of a deletion.
    const delta = await api.get(`/api/clinicians?modifiedSince=${encodeURIComponent(since)}`, clinic.token);
    expect(delta.body.deleted).toEqual([{ id: shared, DateModified: removed.body.DateModified }]);
  });

  it('by a clinic administrator deletes a clinician who works for no other clinic', async () => {
    const added = await api.post('/api/addClinician', { Forename: 'Only', Surname: 'Here' }, clinic.token);
    const id = String(added.body.ClinicianID);
    const removed = await api.post('/api/removeClinician', { ClinicianID: id }, clinic.token);
    expect(removed).toMatchObject({ status: 200, body: { ClinicianID: id, Removed: 'deleted' } });
    expect((await record(admin, id)).status).toBe(404);
  });

  it('by the product administrator deletes the clinician from every clinic', async () => {
    const shared = await sharedClinician();
    const removed = await api.post('/api/removeClinician', { ClinicianID: shared }, admin.token);
    expect(removed).toMatchObject({ status: 200, body: { ClinicianID: shared, Removed: 'deleted' } });
    expect((await record(admin, shared)).status).toBe(404);
  });
});
