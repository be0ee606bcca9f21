import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { apiClient } from './support/client.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

describe.each(DATABASE_KINDS)('login and tokens (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it.each(USER_TYPES)('logs a %s in with the spec response shape', async (role) => {
    const session = await api.login(role);
    expect(session.id).toMatch(/[0-9a-f-]{36}/);
    expect(session.token.length).toBeGreaterThanOrEqual(40);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await api.post('/api/clinicianLogin', { username: 'demo-clinician', password: 'not-the-password' });
    const unknown = await api.post('/api/clinicianLogin', { username: 'nobody-here', password: 'not-the-password' });
    expect(wrong).toEqual({ status: 401, body: { Result: 'Failure', Data: { Error: MESSAGES.loginFailed } } });
    expect(unknown).toEqual(wrong);
  });

  it("does not let one role log in through another role's door", async () => {
    const res = await api.post('/api/patientLogin', { username: 'demo-clinician', password: 'Demo-Gait-2026' });
    expect(res.status).toBe(401);
  });

  it('rejects a login without a username with the Failure shape', async () => {
    const res = await api.post('/api/adminLogin', { password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Result: 'Failure', Data: { Error: expect.stringContaining('Username') as unknown } });
  });

  it.each([
    ['malformed JSON', '{"username":"demo-admin",'],
    ['an empty body', ''],
    ['a control character in a string', '{"username":"demo\u0001admin","password":"x"}'],
  ])('answers a login with %s 400 in the login shape, logging no error', async (_label, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/adminLogin',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({
      status: 400,
      body: { Result: 'Failure', Data: { Error: 'Invalid request' } },
    });
    const errors = t
      .logs()
      .split('\n')
      .filter((line) => line.includes('"level":50') || line.includes('"stack"'));
    expect(errors).toEqual([]);
  });

  it('accepts the token as a bearer header; in the query only on a file address', async () => {
    const admin = await api.login('admin');
    expect((await api.get('/api/clinics', admin.token)).status).toBe(200);
    // A token in an address ends up in histories and proxy logs: only addresses a browser loads itself may carry it.
    expect(await api.get(`/api/clinics?access_token=${admin.token}`)).toMatchObject({
      status: 401,
      body: { error: MESSAGES.accessTokenInvalid },
    });
    const file = await api.get(
      `/Internal/download/sessionData/x_y.MainStorageFormat_JointData.json?access_token=${admin.token}`,
    );
    expect(file).toMatchObject({ status: 404, body: { error: 'Session file not found' } });
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'made-up-token'],
  ])('answers %s with 401 Access token is invalid', async (_label, token) => {
    const res = await api.get('/api/clinics', token);
    expect(res).toMatchObject({ status: 401 });
    expect(res.body).toEqual({ error: 'Access token is invalid' });
  });

  it('revokes the token on logout', async () => {
    const clinic = await api.login('clinic');
    expect((await api.post('/api/clinicLogout', {}, clinic.token)).body).toEqual({ result: 'success' });
    // The holder of the dead token learns why, so the login page can say it (an unknown token learns nothing: above).
    expect(await api.get('/api/clinics', clinic.token)).toMatchObject({
      status: 401,
      body: { error: 'Access token is invalid', reason: 'ended' },
    });
  });

  it.each([
    ['no body at all, as the app sends it', {}],
    ['an empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }],
    ['a text body', { headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: 'bye' }],
    ['broken JSON', { headers: { 'content-type': 'application/json' }, payload: '{"UserType":' }],
    ['a body of another shape', { payload: { UserType: 42, extra: [1, 2] } }],
  ] as const)('revokes the token on logout with %s', async (_label, request) => {
    const clinician = await api.login('clinician');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clinicianLogout',
      ...request,
      headers: { ...('headers' in request ? request.headers : {}), authorization: `Bearer ${clinician.token}` },
    });
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({ status: 200, body: { result: 'success' } });
    expect((await api.get('/api/clinics', clinician.token)).status).toBe(401);
  });

  it('expires a token after 30 idle minutes but not while it is used', async () => {
    const admin = await api.login('admin');
    t.advanceClock(20 * 60);
    expect((await api.get('/api/clinics', admin.token)).status).toBe(200);
    t.advanceClock(20 * 60);
    expect((await api.get('/api/clinics', admin.token)).status).toBe(200);
    t.advanceClock(31 * 60);
    expect(await api.get('/api/clinics', admin.token)).toMatchObject({ status: 401, body: { reason: 'idle' } });
  });

  it('expires a token 12 hours after login however busy it is', async () => {
    const admin = await api.login('admin');
    // 14 × 50 minutes of steady use: 11 h 40 min after login.
    for (let i = 0; i < 14; i++) {
      t.advanceClock(25 * 60);
      await api.get('/api/clinics', admin.token);
      t.advanceClock(25 * 60);
      await api.get('/api/clinics', admin.token);
    }
    expect((await api.get('/api/clinics', admin.token)).status).toBe(200);
    t.advanceClock(25 * 60);
    expect(await api.get('/api/clinics', admin.token)).toMatchObject({ status: 401, body: { reason: 'expired' } });
  });

  it('requires UserType, when sent, to match the token', async () => {
    const clinician = await api.login('clinician');
    expect((await api.get('/api/clinics?UserType=clinician', clinician.token)).status).toBe(200);
    expect(await api.get('/api/clinics?UserType=admin', clinician.token)).toMatchObject({
      status: 403,
      body: { error: MESSAGES.userTypeMismatch },
    });
    expect(await api.get('/api/clinics?UserType=janitor', clinician.token)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.userTypeNotRecognised },
    });
  });
});
