import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): after a correct password the
 * browser gets a cookie naming the account and a random nonce, signed by the server. A login that shows one for its
 * own account comes from a device that logged in before, and is counted under that device instead of the address:
 * a stranger at a ward's shared address then slows only strangers (issue 32, item 13). A device cookie that keeps
 * failing is slowed by its own counter.
 *
 * One cookie per account, so that each nurse on a shared ward tablet keeps hers; only the login calls read them.
 */
const NAME_PREFIX = 'gait_device_';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

/** The cookies' signing key, derived from the audit key, so that every instance sharing AUDIT_KEY accepts them. */
export function deviceCookieKey(auditKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', auditKey, Buffer.alloc(0), 'gait-portal device cookie', 32));
}

/** The cookie's name for an account (`role:username`), which the cookie must not spell out to the device's users. */
const cookieName = (account: string) =>
  `${NAME_PREFIX}${createHash('sha256').update(account).digest('hex').slice(0, 16)}`;

const signature = (key: Buffer, account: string, nonce: string) =>
  createHmac('sha256', key)
    .update(JSON.stringify(['device', account, nonce]))
    .digest('base64url');

/** The Set-Cookie value for a device that just logged in to `account`: a new nonce, signed with the account. */
export function deviceCookieHeader(key: Buffer, account: string, secure: boolean): string {
  const nonce = randomBytes(16).toString('base64url');
  const attributes = ['Path=/api', `Max-Age=${String(MAX_AGE_SECONDS)}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return [`${cookieName(account)}=${nonce}.${signature(key, account, nonce)}`, ...attributes].join('; ');
}

/** The nonce of a valid device cookie for `account` in a Cookie header, if the request carries one. */
export function trustedDevice(key: Buffer, cookieHeader: string | undefined, account: string): string | undefined {
  const name = cookieName(account);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [cookie, value = ''] = part.trim().split('=', 2);
    if (cookie !== name) continue;
    const [nonce = '', given = ''] = value.split('.', 2);
    const expected = Buffer.from(signature(key, account, nonce));
    const actual = Buffer.from(given);
    if (nonce !== '' && actual.length === expected.length && timingSafeEqual(actual, expected)) return nonce;
  }
  return undefined;
}
