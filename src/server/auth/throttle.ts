import type { Clock } from '#server/clock';
import { isoAfter } from '#server/clock';
import type { Db } from '#server/db/connect';

/**
 * Login throttling, kept in the database so that every server instance sees the same counts.
 * An account locks after 5 failures within 15 minutes; an address after 30 (it may serve a whole ward).
 */
export const THROTTLE_RULES = {
  account: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { maxFailures: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
} as const;

export type ThrottleKeys = { account: string; address: string };

export function throttleKeys(role: string, username: string, address: string): ThrottleKeys {
  return { account: `account:${role}:${username.trim().toLowerCase()}`, address: `address:${address}` };
}

export async function isLocked(db: Db, clock: Clock, keys: ThrottleKeys): Promise<boolean> {
  const now = clock().toISOString();
  const rows = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('key', 'in', [keys.account, keys.address])
    .execute();
  return rows.some((r) => r.locked_until !== null && r.locked_until > now);
}

export async function recordFailure(db: Db, clock: Clock, keys: ThrottleKeys): Promise<void> {
  await bump(db, clock, keys.account, THROTTLE_RULES.account);
  await bump(db, clock, keys.address, THROTTLE_RULES.address);
}

export async function clearAccountFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', keys.account).execute();
}

async function bump(
  db: Db,
  clock: Clock,
  key: string,
  rule: { maxFailures: number; windowSeconds: number; lockSeconds: number },
): Promise<void> {
  const now = clock();
  await db.transaction().execute(async (trx) => {
    // Create the row first so that two concurrent failures never race to insert the same key.
    await trx
      .insertInto('login_failures')
      .values({ key, failures: 0, first_failure_at: now.toISOString(), locked_until: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await trx.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    const windowOpen = now.getTime() - Date.parse(row.first_failure_at) < rule.windowSeconds * 1000;
    const failures = windowOpen ? row.failures + 1 : 1;
    const values = {
      failures,
      first_failure_at: windowOpen ? row.first_failure_at : now.toISOString(),
      locked_until: failures >= rule.maxFailures ? isoAfter(clock, rule.lockSeconds) : null,
    };
    await trx.updateTable('login_failures').set(values).where('key', '=', key).execute();
  });
}
