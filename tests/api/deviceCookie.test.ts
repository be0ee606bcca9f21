import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '#server/auth/throttle';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

const WARD = '10.20.30.40';

/** A stranger on a ward's shared address, guessing, while the ward's staff log in from their own devices. */
describe.each(DATABASE_KINDS)('device cookies at login (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    t.freezeClock();
  });
  afterAll(() => t.close());

  const login = async (role: 'clinician' | 'patient', username: string, password: string, cookie?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${role}Login`,
      payload: { username, password },
      remoteAddress: WARD,
      headers: cookie === undefined ? {} : { cookie },
    });
    const set = res.headers['set-cookie'];
    return { status: res.statusCode, setCookie: typeof set === 'string' ? set : undefined };
  };
  /** What the browser sends back: the cookie's name and value, without its attributes. */
  const sent = (setCookie: string | undefined) => setCookie?.split(';')[0] ?? '';

  let device = '';
  it('gives a device that logged in a signed, HttpOnly, SameSite=Strict cookie', async () => {
    const first = await login('clinician', DEMO_LOGINS.clinician, DEMO_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(
      /^gait_device_[0-9a-f]{16}=[\w-]+\.[\w-]+; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    device = sent(first.setCookie);
  });

  it('lets a known device past the address limit a stranger exhausted; others wait', async () => {
    const guesses = [];
    for (let i = 0; i <= THROTTLE_RULES.address.free; i++)
      guesses.push((await login('clinician', `stranger-${String(i)}`, 'wrong-password')).status);
    expect(guesses.at(-1)).toBe(429);

    expect((await login('clinician', DEMO_LOGINS.clinician, DEMO_PASSWORD, device)).status).toBe(200);
    expect((await login('clinician', DEMO_LOGINS.clinician, DEMO_PASSWORD)).status).toBe(429);
    expect((await login('patient', DEMO_LOGINS.patient, DEMO_PASSWORD)).status).toBe(429);
  });

  it('checks the signature: a forged or borrowed cookie is no exemption', async () => {
    const [name = '', value = ''] = device.split('=');
    const [nonce = '', mac = ''] = value.split('.');
    const forged = `${name}=${nonce}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await login('clinician', DEMO_LOGINS.clinician, DEMO_PASSWORD, forged)).status).toBe(429);
    const ownNonce = `${name}=${nonce}x.${mac}`;
    expect((await login('clinician', DEMO_LOGINS.clinician, DEMO_PASSWORD, ownNonce)).status).toBe(429);
    // The clinician's cookie, sent to the patient's login, or renamed as the patient's own cookie.
    expect((await login('patient', DEMO_LOGINS.patient, DEMO_PASSWORD, device)).status).toBe(429);
    const patientName = `gait_device_${'0'.repeat(16)}`;
    expect((await login('patient', DEMO_LOGINS.patient, DEMO_PASSWORD, `${patientName}=${value}`)).status).toBe(429);
  });

  it('slows a known device that keeps failing by its own counter', async () => {
    const tries = [];
    for (let i = 0; i <= THROTTLE_RULES.device.free; i++)
      tries.push((await login('clinician', DEMO_LOGINS.clinician, `wrong-${String(i)}`, device)).status);
    expect(tries).toEqual([...Array<number>(THROTTLE_RULES.device.free).fill(401), 429]);
    expect((await login('clinician', DEMO_LOGINS.clinician, DEMO_PASSWORD, device)).status).toBe(429);
  });
});
