import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '#shared/auth/passwordPolicy';
import { MESSAGES } from '#shared/messages';
import { THROTTLE_RULES } from '#server/auth/throttle';
import { DEMO_PASSWORD } from '#server/seed/demoPeople';
import { apiClient, type Session } from './support/client.ts';
import { clinicBody, patientBody } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

const OWN_PASSWORD_CALLS = [
  ['patient', '/api/updateOwnPasswordAsPatient', 'NewPassword'],
  ['clinician', '/api/updateOwnPasswordAsClinician', 'NewPassword'],
  ['clinic', '/api/updateOwnPasswordAsClinic', 'NewAdminPassword'],
] as const;

describe.each(DATABASE_KINDS)("changing one's own password (%s)", (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  const alive = async (who: Session) => (await api.get(`/api/patient?PatientID=${who.id}`, who.token)).status !== 401;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it.each(OWN_PASSWORD_CALLS)(
    'lets a %s change it with the current one, ends their other sessions and keeps this one',
    async (role, url, field) => {
      const other = await api.login(role);
      const me = await api.login(role);
      const body = { UserType: role, CurrentPassword: DEMO_PASSWORD, [field]: 'A-new-password-1' };
      expect(await api.post(url, body, me.token)).toEqual({ status: 200, body: { result: 'success', returnValue: 0 } });
      expect((await api.post(`/api/${role}Login`, { username: `demo-${role}`, password: DEMO_PASSWORD })).status).toBe(
        401,
      );
      await api.login(role, `demo-${role}`, 'A-new-password-1');
      expect((await api.post(`/api/${role}Logout`, {}, other.token)).status).toBe(401);
      expect((await api.post(`/api/${role}Logout`, {}, me.token)).status).toBe(200);
    },
  );

  it('asks for the current password and changes nothing when it is wrong or missing', async () => {
    const other = await api.login('clinician', 'demo-clinician', 'A-new-password-1');
    const me = await api.login('clinician', 'demo-clinician', 'A-new-password-1');
    const change = (extra: Record<string, string>) =>
      api.post(
        '/api/updateOwnPasswordAsClinician',
        { UserType: 'clinician', NewPassword: 'Stolen-Token-2026', ...extra },
        me.token,
      );
    expect(await change({ CurrentPassword: 'not-my-password' })).toEqual({
      status: 400,
      body: { error: MESSAGES.currentPasswordWrong },
    });
    expect(await change({})).toEqual({ status: 400, body: { error: 'Current password not specified' } });
    await api.login('clinician', 'demo-clinician', 'A-new-password-1');
    expect(await alive(other)).toBe(true);
  });

  it('counts wrong current passwords like failed logins: 50 at once let at most the limit through', async () => {
    const me = await api.login('patient', 'demo-patient', 'A-new-password-1');
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.post(
          '/api/updateOwnPasswordAsPatient',
          { UserType: 'patient', CurrentPassword: `guess-${String(i)}`, NewPassword: 'Guessed-It-2026' },
          me.token,
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 400)).toHaveLength(THROTTLE_RULES.pair.free);
    expect(attempts.filter((a) => a.status === 429)).toHaveLength(50 - THROTTLE_RULES.pair.free);
  });

  it.each([
    ['', 'Password not specified'],
    ['x'.repeat(201), PASSWORD_MESSAGES.tooLong],
    ['Eleven-char', PASSWORD_MESSAGES.tooShort],
    ['              ', PASSWORD_MESSAGES.onlySpaces],
    ['qwertyuiop123', PASSWORD_MESSAGES.tooCommon],
  ])('refuses the new password %j with the policy message', async (password, message) => {
    const me = await api.login('clinician', 'demo-clinician', 'A-new-password-1');
    const res = await api.post(
      '/api/updateOwnPasswordAsClinician',
      { UserType: 'clinician', CurrentPassword: 'A-new-password-1', NewPassword: password },
      me.token,
    );
    expect(res).toEqual({ status: 400, body: { error: message } });
    await api.login('clinician', 'demo-clinician', 'A-new-password-1');
  });

  it('offers no password change to the admin, and none across roles', async () => {
    const admin = await api.login('admin');
    const body = { CurrentPassword: DEMO_PASSWORD, NewPassword: 'A-new-password-2' };
    expect((await api.post('/api/updateOwnPasswordAsPatient', body, admin.token)).status).toBe(403);
  });

  it('keeps a clinician from changing their own password through updateClinician', async () => {
    const me = await api.login('clinician', 'demo-clinician', 'A-new-password-1');
    const record = (
      (await api.get(`/api/clinician?id=${me.id}`, me.token)).body.clinicians as Record<string, string>[]
    )[0];
    const res = await api.post(
      '/api/updateClinician',
      { ...record, ID: me.id, Username: 'demo-clinician', Password: 'No-Current-Asked-1', ClinicIDs: '' },
      me.token,
    );
    expect(res.status).toBe(403);
    await api.login('clinician', 'demo-clinician', 'A-new-password-1');
  });
});

describe.each(DATABASE_KINDS)("a password set on someone else's record (%s)", (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  const stillValid = async (who: Session) => (await api.get('/api/tests', who.token)).status === 200;

  it('ends every session of a clinician whose password the admin set, not the admin one', async () => {
    const [admin, victim] = [await api.login('admin'), await api.login('clinician')];
    const record = (
      (await api.get(`/api/clinician?id=${victim.id}`, admin.token)).body.clinicians as Record<string, string>[]
    )[0];
    const res = await api.post(
      '/api/updateClinician',
      {
        ...record,
        ID: victim.id,
        Username: 'demo-clinician',
        Password: 'Reset-By-Admin-1',
        ClinicIDs: record?.ClinicIDs,
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(await stillValid(victim)).toBe(false);
    expect(await stillValid(admin)).toBe(true);
  });

  it('ends every session of a patient whose password the clinic set', async () => {
    const [clinic, victim] = [await api.login('clinic'), await api.login('patient')];
    const record =
      (
        (await api.get(`/api/patient?PatientID=${victim.id}`, clinic.token)).body.patients as Record<string, unknown>[]
      )[0] ?? {};
    const res = await api.post(
      '/api/updatePatient',
      {
        ...patientBody(),
        ID: victim.id,
        GivenPatientID: record.GivenPatientID,
        DOB: record.DOB,
        Username: 'demo-patient',
        Password: 'Reset-By-Clinic-1',
        DateModified: record.DateModified,
      },
      clinic.token,
    );
    expect(res.status).toBe(200);
    expect(await stillValid(victim)).toBe(false);
    expect(await stillValid(clinic)).toBe(true);
  });

  it('ends every session of a clinic whose admin password the product administrator set', async () => {
    const [admin, victim] = [await api.login('admin'), await api.login('clinic')];
    const record = (
      (await api.get(`/api/clinic?id=${victim.id}`, admin.token)).body.clinics as Record<string, string>[]
    )[0];
    const res = await api.post(
      '/api/updateClinic',
      clinicBody({
        ID: victim.id,
        ClinicOrgCompName: record?.Name,
        AdminUsername: 'demo-clinic',
        AdminPassword: 'Reset-By-Admin-2',
        DateModified: record?.DateModified,
      }),
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(await stillValid(victim)).toBe(false);
    expect(await stillValid(admin)).toBe(true);
  });

  it('applies the policy to passwords set on records, and the demo password passes', async () => {
    const admin = await api.login('admin');
    const add = (Password: string, n: number) =>
      api.post(
        '/api/addClinician',
        { Forename: 'Pol', Surname: 'Icy', Username: `policy-${String(n)}`, Password },
        admin.token,
      );
    expect(await add('Too-short-1', 1)).toEqual({ status: 400, body: { error: PASSWORD_MESSAGES.tooShort } });
    expect(await add('1qaz2wsx3edc', 2)).toEqual({ status: 400, body: { error: PASSWORD_MESSAGES.tooCommon } });
    expect((await add(DEMO_PASSWORD, 3)).status).toBe(200);
  });
});
