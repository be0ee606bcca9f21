import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '#shared/auth/userTypes';
import { SESSION_EXPORT_KINDS } from '#shared/api/exportCalls';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { tempDataDir, walk } from './support/sessions.ts';
import { logInEveryRole, scopeIds } from './support/scope.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/**
 * Every records call × every role × a record inside and outside the caller's scope. A call the role may not make
 * answers 403; a record of another tenant answers 404 (its existence is not leaked); an allowed read answers 200.
 */
type Ids = {
  ownPatient: string;
  foreignPatient: string;
  ownClinician: string;
  foreignClinician: string;
  ownClinic: string;
  foreignClinic: string;
};
type Target = 'own' | 'foreign';
type Expectation = Record<UserType, Record<Target, number>>;

const all = (status: number) => ({ own: status, foreign: status });
const scoped = { own: 200, foreign: 404 };

const READS: { name: string; url: (ids: Ids, target: Target) => string; expect: Expectation }[] = [
  {
    name: 'GET patient',
    url: (ids, t) => `/api/patient?PatientID=${t === 'own' ? ids.ownPatient : ids.foreignPatient}`,
    expect: { patient: scoped, clinician: scoped, clinic: scoped, admin: all(200) },
  },
  {
    name: 'GET clinician',
    url: (ids, t) => `/api/clinician?id=${t === 'own' ? ids.ownClinician : ids.foreignClinician}`,
    expect: { patient: all(403), clinician: scoped, clinic: scoped, admin: all(200) },
  },
  {
    name: 'GET clinic',
    url: (ids, t) => `/api/clinic?id=${t === 'own' ? ids.ownClinic : ids.foreignClinic}`,
    expect: { patient: all(403), clinician: scoped, clinic: scoped, admin: all(200) },
  },
  {
    name: 'GET getClinicFromClinician',
    url: (ids, t) => `/api/getClinicFromClinician?clinicianId=${t === 'own' ? ids.ownClinician : ids.foreignClinician}`,
    expect: { patient: all(403), clinician: all(403), clinic: scoped, admin: all(200) },
  },
];

/**
 * Every export × role × a session or patient inside and outside the caller's scope: each role exports what it may
 * read (a patient only their own), another clinic's answers 404, and every answer leaves an audit row naming the
 * caller, 'success' or 'denied'.
 */
type ExportTarget = { patient: string; subSession: string };
type ExportIds = Record<Target, ExportTarget>;
const EXPORTS: {
  name: string;
  action: string;
  call: (target: ExportTarget) => { method: 'GET' | 'POST'; url: string; body?: Record<string, unknown> };
}[] = [
  ...SESSION_EXPORT_KINDS.map((kind) => ({
    name: `GET export session ${kind}`,
    action: 'session.export',
    call: (target: ExportTarget) => ({
      method: 'GET' as const,
      url: `/api/export/session/${target.subSession}/${kind}`,
    }),
  })),
  {
    name: 'POST export sessions.zip',
    action: 'session.exportZip',
    call: (target) => ({
      method: 'POST',
      url: '/api/export/sessions.zip',
      body: { SubSessionIDs: [target.subSession], Kinds: [...SESSION_EXPORT_KINDS] },
    }),
  },
  {
    name: 'GET export patient fhir.json',
    action: 'patient.exportFhir',
    call: (target) => ({ method: 'GET', url: `/api/export/patient/${target.patient}/fhir.json` }),
  },
];

const LISTS: { url: string; allowed: UserType[] }[] = [
  { url: '/api/patients', allowed: ['clinician', 'clinic', 'admin'] },
  { url: '/api/clinicians', allowed: ['clinic', 'admin'] },
  { url: '/api/clinics', allowed: ['clinician', 'clinic', 'admin'] },
  { url: '/api/tests', allowed: ['patient', 'clinician', 'clinic', 'admin'] },
];

// Writes whose target is out of scope, or whose role may not make them. Bodies are otherwise valid, so any answer
// other than the expected one is a permission bug, not a validation one. The admin's own deletes and edits succeed
// (covered by the write suites), so the destructive rows leave the admin out.
const WRITES: {
  name: string;
  url: string;
  body: (ids: Ids) => Record<string, unknown>;
  expect: Partial<Record<UserType, number>>;
}[] = [
  {
    name: 'removePatient of a foreign patient',
    url: '/api/removePatient',
    body: (ids) => ({ PatientID: ids.foreignPatient }),
    expect: { patient: 403, clinician: 404, clinic: 404 },
  },
  {
    name: 'updatePatient of a foreign patient',
    url: '/api/updatePatient',
    body: (ids) => ({
      ID: ids.foreignPatient,
      GivenPatientID: 'X-1',
      DOB: '1970-01-01',
      Height: 170,
      Weight: 70,
      ClinicIDs: ids.foreignClinic,
      DateModified: '2000-01-01T00:00:00.000Z',
    }),
    expect: { patient: 403, clinician: 404, clinic: 404 },
  },
  {
    name: 'removeClinician of a foreign clinician',
    url: '/api/removeClinician',
    body: (ids) => ({ ClinicianID: ids.foreignClinician }),
    expect: { patient: 403, clinician: 403, clinic: 404 },
  },
  {
    name: 'addClinician',
    url: '/api/addClinician',
    body: () => ({ Forename: 'Matrix', Surname: 'Test' }),
    expect: { patient: 403, clinician: 403, clinic: 200, admin: 200 },
  },
  {
    name: 'removeClinic of a foreign clinic',
    url: '/api/removeClinic',
    body: (ids) => ({ ClinicID: ids.foreignClinic }),
    expect: { patient: 403, clinician: 403, clinic: 403 },
  },
  {
    name: 'addClinic',
    url: '/api/addClinic',
    body: () => ({
      ClinicOrgCompName: 'Matrix Clinic',
      ClinicOrgCompAddress: '1 Road',
      ClinicContactForename: 'A',
      ClinicContactSurname: 'B',
      ClinicContactNumber: '1',
      ClinicContactEmail: 'a@b.example',
      ClinicGroupName: 'Medical',
    }),
    expect: { patient: 403, clinician: 403, clinic: 403, admin: 200 },
  },
];

const roles = ['patient', 'clinician', 'clinic', 'admin'] as const;

describe.each(DATABASE_KINDS)('role × call × scope matrix (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  const sessions = {} as Record<UserType, Session>;
  const ids = {} as Record<UserType, Ids>;
  const exportIds = {} as Record<UserType, ExportIds>;

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    Object.assign(sessions, await logInEveryRole(api));
    const clinicId = sessions.clinic.id;
    const { clinicianClinics, foreignPatient, foreignClinician, foreignClinic, clinicPatient, clinicClinician } =
      await scopeIds(t, sessions);
    const shared = { foreignPatient, foreignClinician, foreignClinic };
    ids.patient = { ...shared, ownPatient: sessions.patient.id, ownClinician: clinicClinician, ownClinic: clinicId };
    ids.clinician = {
      ...shared,
      ownPatient: sessions.patient.id,
      ownClinician: sessions.clinician.id,
      ownClinic: clinicianClinics[0] ?? '',
    };
    ids.clinic = { ...shared, ownPatient: clinicPatient, ownClinician: clinicClinician, ownClinic: clinicId };
    ids.admin = { ...shared, ownPatient: clinicPatient, ownClinician: clinicClinician, ownClinic: clinicId };

    // One recorded walk for each patient the roles export: the demo patient, a patient of the demo clinic, and one
    // of a foreign clinic.
    const recorded = new Map<string, string>();
    for (const patientId of [sessions.patient.id, clinicPatient, foreignPatient]) {
      const added = await addSessionWith(
        t,
        sessions.admin,
        [{ body: walk().text, type: 'application/json' }],
        sessionBody(patientId, clinicClinician, { FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
      );
      recorded.set(patientId, String(added.body.SubSessionID));
    }
    const target = (patient: string): ExportTarget => ({ patient, subSession: recorded.get(patient) ?? '' });
    for (const role of roles) {
      exportIds[role] = { own: target(ids[role].ownPatient), foreign: target(foreignPatient) };
    }
  });
  afterAll(() => t.close());

  it.each(
    READS.flatMap((read) =>
      roles.flatMap((role) => (['own', 'foreign'] as const).map((target) => ({ read, role, target }))),
    ),
  )('$read.name as $role, $target record', async ({ read, role, target }) => {
    const res = await api.get(read.url(ids[role], target), sessions[role].token);
    expect(res.status).toBe(read.expect[role][target]);
  });

  it.each(
    EXPORTS.flatMap((exported) =>
      roles.flatMap((role) => (['own', 'foreign'] as const).map((target) => ({ exported, role, target }))),
    ),
  )('$exported.name as $role, $target record, audited', async ({ exported, role, target }) => {
    const call = exported.call(exportIds[role][target]);
    const who = sessions[role];
    // Inject, not the JSON client: a successful export is CSV, C3D or a zip.
    const res = await t.app.inject({
      method: call.method,
      url: call.url,
      ...(call.body === undefined ? {} : { payload: call.body }),
      headers: { authorization: `Bearer ${who.token}` },
    });
    const allowed = target === 'own' || role === 'admin';
    expect(res.statusCode).toBe(allowed ? 200 : 404);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['user_id', 'outcome', 'target'])
      .where('action', '=', exported.action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: who.id, outcome: allowed ? 'success' : 'denied' });
    const { patient, subSession } = exportIds[role][target];
    expect(audit.target).toContain(exported.action === 'patient.exportFhir' ? patient : subSession);
  });

  it.each(LISTS.flatMap((list) => roles.map((role) => ({ list, role }))))(
    '$list.url as $role',
    async ({ list, role }) => {
      const res = await api.get(list.url, sessions[role].token);
      expect(res.status).toBe(list.allowed.includes(role) ? 200 : 403);
    },
  );

  const writeCases = WRITES.flatMap((write) =>
    roles.flatMap((role) => {
      const status = write.expect[role];
      return status === undefined ? [] : [{ write, role, status }];
    }),
  );
  it.each(writeCases)('$write.name as $role', async ({ write, role, status }) => {
    const res = await api.post(write.url, write.body(ids[role]), sessions[role].token);
    expect(res.status).toBe(status);
  });

  it("lists only records inside the caller's scope", async () => {
    const listed = async (role: UserType) =>
      ((await api.get('/api/patients', sessions[role].token)).body.patients as { UniquePatientID: string }[]).map(
        (p) => p.UniquePatientID,
      );
    expect(await listed('clinic')).not.toContain(ids.clinic.foreignPatient);
    expect(await listed('clinician')).not.toContain(ids.clinician.foreignPatient);
    expect(await listed('admin')).toContain(ids.admin.foreignPatient);
  });
});
