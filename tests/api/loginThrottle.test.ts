import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottledMessage } from '#shared/messages';
import { THROTTLE_RULES } from '#server/auth/throttle';
import { DEMO_PASSWORD } from '#server/seed/demoPeople';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Attempt = { status: number; retryAfter: string | undefined; error: string | undefined };

/** Login throttling as an attacker meets it: concurrent guesses, rotating addresses, and the owner elsewhere. */
describe.each(DATABASE_KINDS)('login throttling (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // One proxy in front: the address it saw (the last X-Forwarded-For entry) is the client's.
    t = await startTestApp(kind, { TRUST_PROXY: '1' });
    // Fifty concurrent guesses happen at one instant here: on a loaded machine they spread over more than the
    // account's 1 s delay, and a 21st guess is then rightly let through.
    t.freezeClock();
  });
  afterAll(() => t.close());

  const attempt = async (username: string, password: string, from: string, forwardedFor?: string): Promise<Attempt> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clinicianLogin',
      payload: { username, password },
      remoteAddress: from,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    const body = res.json<{ Data: { Error?: string } }>();
    const retry = res.headers['retry-after'];
    return {
      status: res.statusCode,
      retryAfter: typeof retry === 'string' ? retry : undefined,
      error: body.Data.Error,
    };
  };
  const throttledRows = async (username: string) =>
    (
      await t.deps.database.db
        .selectFrom('audit_log')
        .select('target')
        .where('action', '=', 'login.throttled')
        .where('user_id', '=', username)
        .execute()
    ).length;
  const statuses = (attempts: Attempt[]) => attempts.map((a) => a.status);
  const count = (attempts: Attempt[], status: number) => attempts.filter((a) => a.status === status).length;

  it('lets at most the limit of 50 concurrent wrong passwords through, and answers the rest 429 with Retry-After', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt('demo-clinician', `wrong-${String(i)}`, '10.0.0.1', '198.51.100.7')),
    );
    expect(count(attempts, 401)).toBe(THROTTLE_RULES.pair.free);
    expect(count(attempts, 429)).toBe(50 - THROTTLE_RULES.pair.free);
    for (const refused of attempts.filter((a) => a.status === 429)) {
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(refused.error).toBe(loginThrottledMessage(Number(refused.retryAfter)));
    }
    // 45 refusals, one audit row: refusals are audited once per account and window, not once per attempt.
    expect(await throttledRows('demo-clinician')).toBe(1);
  });

  it('does not lock the owner out: the right password from another address still logs in', async () => {
    const owner = await attempt('demo-clinician', DEMO_PASSWORD, '10.0.0.1', '203.0.113.20');
    expect(owner.status).toBe(200);
    // …while the address that guessed waits, and is told how long.
    const guesser = await attempt('demo-clinician', DEMO_PASSWORD, '10.0.0.1', '198.51.100.7');
    expect(guesser.status).toBe(429);
    t.advanceClock(Number(guesser.retryAfter));
    expect((await attempt('demo-clinician', DEMO_PASSWORD, '10.0.0.1', '198.51.100.7')).status).toBe(200);
  });

  it('holds against a rotating X-Forwarded-For: the account limit still applies, with growing delays', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // The client prepends whatever it likes; only the entry the trusted proxy added counts.
        attempt('demo-patient-guess', `wrong-${String(i)}`, '10.0.0.1', `1.2.3.${String(i)}, 192.0.2.${String(i)}`),
      ),
    );
    expect(count(attempts, 401)).toBe(THROTTLE_RULES.account.free);
    expect(count(attempts, 429)).toBe(50 - THROTTLE_RULES.account.free);
    // After the free attempts, one more every base delay, then twice that: a delay, never a lock.
    const later = async (seconds: number) => {
      t.advanceClock(seconds);
      return (await attempt('demo-patient-guess', 'wrong', '10.0.0.1', `192.0.2.${String(100 + seconds)}`)).status;
    };
    expect(await later(1)).toBe(401);
    expect(await later(0)).toBe(429);
    expect(await later(2)).toBe(401);
    expect(statuses(attempts)).toContain(429);
  });

  it('audits throttled attempts with the address the trusted proxy saw', async () => {
    const rows = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['address', 'user_id'])
      .where('action', '=', 'login.throttled')
      .execute();
    expect(rows).toContainEqual({ address: '198.51.100.7', user_id: 'demo-clinician' });
    expect(rows.every((row) => !row.address.startsWith('1.2.3.'))).toBe(true);
  });
});
