import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

const directive = (policy: unknown, name: string) =>
  String(policy)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe.each(DATABASE_KINDS)('security headers (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir(), TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends the strict set on every answer, and no HSTS over plain HTTP', async () => {
    const res = await get('/api/tests');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
      'cache-control': 'no-store',
    });
    expect(directive(res.headers['content-security-policy'], 'default-src')).toBe("default-src 'self'");
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the browser came over HTTPS, and not when a client claims it', async () => {
    const viaProxy = await get('/api/tests', { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Without TRUST_PROXY nobody's X-Forwarded-Proto is believed: a client cannot turn HSTS on by claiming HTTPS.
    const untrusting = await startTestApp(kind);
    try {
      const claimed = await untrusting.app.inject({
        method: 'GET',
        url: '/api/tests',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusting.close();
    }
  });

  it('gives the API docs a nonce-based policy with no inline script, a new nonce each time', async () => {
    const first = await get('/api/docs/');
    const second = await get('/api/docs/');
    expect(first.statusCode).toBe(200);
    const script = directive(first.headers['content-security-policy'], 'script-src');
    expect(script).toMatch(/^script-src 'self' 'nonce-[0-9a-f]{32}'$/);
    expect(script).not.toBe(directive(second.headers['content-security-policy'], 'script-src'));
  });

  it("keeps a report page's own policy: nothing may load or run", async () => {
    const api = apiClient(t.app);
    const [admin, clinician, patient] = [
      await api.login('admin'),
      await api.login('clinician'),
      await api.login('patient'),
    ];
    const added = await addSessionWith(
      t,
      admin,
      [{ body: walk(3, 10).text, type: 'application/json' }],
      sessionBody(patient.id, clinician.id, { FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    const report = await api.post(
      '/api/generate-report',
      {
        sessionIDs: [added.body.SessionID],
        subSessionIDs: [added.body.SubSessionID],
        metrics: ['Speed'],
        report_type: 'session',
      },
      clinician.token,
    );
    expect(report.status).toBe(200);
    const page = await get(String(report.body.htmlPath));
    expect(page.statusCode).toBe(200);
    expect(directive(page.headers['content-security-policy'], 'default-src')).toBe("default-src 'none'");
  });
});
