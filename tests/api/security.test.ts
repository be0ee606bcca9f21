import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/client.ts';
import { startTestApp, type TestApp } from './support/testApp.ts';

describe('HTTP hygiene', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('never writes tokens or passwords to the log', async () => {
    const admin = await api.login('admin');
    await api.get(`/api/clinics?access_token=${admin.token}`);
    await api.get('/api/clinics', admin.token);
    expect(t.logs()).toContain('/api/clinics');
    expect(t.logs()).not.toContain(admin.token);
    expect(t.logs()).not.toContain('Demo-Gait-2026');
  });

  it('publishes the OpenAPI contract with the login calls', async () => {
    const res = await api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openapi: '3.1.0' });
    expect(Object.keys(res.body.paths as object)).toEqual(
      expect.arrayContaining(['/api/clinicianLogin', '/api/patient']),
    );
  });
});
