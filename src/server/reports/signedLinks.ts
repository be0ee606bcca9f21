import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/connect';

/** Expired reports are deleted this long after their links expire, so that an expired link can still say whose report it was. */
export const EXPIRED_REPORT_KEEP_SECONDS = 24 * 60 * 60;

const KEY_NAME = 'report_link_key';

/** The link-signing key: made once at random and kept in the database, shared by every server instance. */
export async function reportLinkKey(db: Db): Promise<Buffer> {
  const found = await db.selectFrom('server_settings').select('value').where('key', '=', KEY_NAME).executeTakeFirst();
  if (found) return Buffer.from(found.value, 'base64');
  await db
    .insertInto('server_settings')
    .values({ key: KEY_NAME, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Another instance may have won the race: read back whichever key was stored.
  const stored = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'base64');
}

const signature = (key: Buffer, file: string, expires: number) =>
  createHmac('sha256', key)
    .update(`${file}\n${String(expires)}`)
    .digest('base64url');

/** `/reports/{file}?expires=…&signature=…`: the link is the credential, so it names one file and expires. */
export function signReportLink(key: Buffer, file: string, now: Date, lifetimeSeconds: number): string {
  const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  return `/reports/${file}?expires=${String(expires)}&signature=${signature(key, file, expires)}`;
}

export function verifyReportLink(
  key: Buffer,
  file: string,
  expires: number,
  given: string,
  now: Date,
): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(signature(key, file, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'ok';
}
