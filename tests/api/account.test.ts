import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/client.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

describe.each(DATABASE_KINDS)("changing one's own password (%s)", (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it.each([
    ['patient', '/api/updateOwnPasswordAsPatient', 'NewPassword'],
    ['clinician', '/api/updateOwnPasswordAsClinician', 'NewPassword'],
    ['clinic', '/api/updateOwnPasswordAsClinic', 'NewAdminPassword'],
  ] as const)('lets a %s change it, ends their other sessions and keeps this one', async (role, url, field) => {
    const other = await api.login(role);
    const me = await api.login(role);
    const res = await api.post(url, { UserType: role, [field]: 'A-new-password-1' }, me.token);
    expect(res).toEqual({ status: 200, body: { result: 'success', returnValue: 0 } });
    expect((await api.post(`/api/${role}Login`, { username: `demo-${role}`, password: 'Demo-Gait-2026' })).status).toBe(
      401,
    );
    await api.login(role, `demo-${role}`, 'A-new-password-1');
    expect((await api.post(`/api/${role}Logout`, {}, other.token)).status).toBe(401);
    expect((await api.post(`/api/${role}Logout`, {}, me.token)).status).toBe(200);
  });

  it('rejects an empty or over-long password with the spec wording', async () => {
    const clinician = await api.login('clinician', 'demo-clinician', 'A-new-password-1');
    const empty = await api.post(
      '/api/updateOwnPasswordAsClinician',
      { UserType: 'clinician', NewPassword: '' },
      clinician.token,
    );
    expect(empty).toEqual({ status: 400, body: { error: 'Password not specified' } });
    const long = await api.post(
      '/api/updateOwnPasswordAsClinician',
      { UserType: 'clinician', NewPassword: 'x'.repeat(201) },
      clinician.token,
    );
    expect(long).toEqual({ status: 400, body: { error: 'Password is too long' } });
  });

  it('offers no password change to the admin, and none across roles', async () => {
    const admin = await api.login('admin');
    expect(
      (await api.post('/api/updateOwnPasswordAsPatient', { NewPassword: 'A-new-password-2' }, admin.token)).status,
    ).toBe(403);
  });
});
