import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '#shared/auth/userTypes';
import { apiClient, type Session } from './support/client.ts';
import { ID_TAKING_CALLS, type Call, type Ctx, type Kind } from './support/idTakingCalls.ts';
import { databaseSnapshot, patientBody } from './support/records.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { tempDataDir, walk } from './support/sessions.ts';
import { logInEveryRole, scopeIds } from './support/scope.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/**
 * Every call that takes another record's id, for every role that may make it: an id outside the caller's scope
 * answers exactly like an id that does not exist (same status, same body) and changes nothing. Linking is the
 * dangerous case: a record linked into the caller's scope would then be theirs to edit.
 */
describe.each(DATABASE_KINDS)('foreign ids answer like nonexistent ones (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  const sessions = {} as Record<UserType, Session>;
  const own = {} as Record<UserType, Ctx['own']>;
  const foreign = {} as Record<Kind, string>;
  let outsider: string;

  const send = async (who: Session, call: Call) =>
    call.method === 'GET' ? api.get(call.url, who.token) : api.post(call.url, call.body, who.token);

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    Object.assign(sessions, await logInEveryRole(api));
    const { db } = t.deps.database;
    const clinicId = sessions.clinic.id;
    const scope = await scopeIds(t, sessions);
    const { clinicianClinics } = scope;
    foreign.clinic = scope.foreignClinic;
    foreign.patient = scope.foreignPatient;
    foreign.clinician = scope.foreignClinician;
    // A clinician of no clinic at all: outside every clinic administrator's scope too.
    outsider = (
      await db
        .selectFrom('clinicians')
        .select('id')
        .where('id', 'not in', db.selectFrom('clinician_clinics').select('clinician_id'))
        .executeTakeFirstOrThrow()
    ).id;
    const recorded = await addSessionWith(
      t,
      sessions.admin,
      [{ body: walk().text, type: 'application/json' }],
      sessionBody(foreign.patient, foreign.clinician, { FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    foreign.session = `${String(recorded.body.SessionID)}/${String(recorded.body.SubSessionID)}`;

    own.patient = { patient: sessions.patient.id, clinician: '', clinic: '' };
    own.clinician = {
      patient: sessions.patient.id,
      clinician: sessions.clinician.id,
      clinic: clinicianClinics[0] ?? '',
    };
    own.clinic = { patient: scope.clinicPatient, clinician: scope.clinicClinician, clinic: clinicId };
  });
  afterAll(() => t.close());

  const cases = ID_TAKING_CALLS.flatMap((c) => c.roles.map((role) => ({ ...c, role })));

  it.each(cases)('$name as $role', async ({ kind: target, role, call }) => {
    const ctx: Ctx = { api, who: sessions[role], own: own[role] };
    const nonexistent = target === 'session' ? `${randomUUID()}/${randomUUID()}` : randomUUID();
    const before = await databaseSnapshot(t);
    const outside = await send(sessions[role], await call(ctx, foreign[target]));
    const missing = await send(sessions[role], await call(ctx, nonexistent));
    expect(outside.status).toBe(404);
    expect({ status: outside.status, body: outside.body }).toEqual({ status: missing.status, body: missing.body });
    expect(await databaseSnapshot(t)).toBe(before);
  });

  it('links a clinician of no clinic only through the product administrator', async () => {
    const link = (who: Session) =>
      api.post('/api/addClinicianToClinic', { clinicianId: outsider, clinicId: sessions.clinic.id }, who.token);
    const before = await databaseSnapshot(t);
    const refused = await link(sessions.clinic);
    expect(refused.status).toBe(404);
    expect(await databaseSnapshot(t)).toBe(before);
    expect((await link(sessions.admin)).status).toBe(200);
    expect((await api.get(`/api/clinician?id=${outsider}`, sessions.clinic.token)).status).toBe(200);
  });

  it.each([
    ['addClinicianToClinic', { clinicianId: randomUUID(), clinicId: randomUUID() }, '/api/addClinicianToClinic'],
    ['addPatient with an unknown clinic', patientBody({ ID: 'F-9', ClinicIDs: randomUUID() }), '/api/addPatient'],
    ['addSession for an unknown patient', sessionBody(randomUUID(), randomUUID()), '/api/addSession'],
  ])("answers the admin's %s with 404 and changes nothing", async (_name, body, url) => {
    const before = await databaseSnapshot(t);
    expect((await api.post(url, body, sessions.admin.token)).status).toBe(404);
    expect(await databaseSnapshot(t)).toBe(before);
  });
});
