import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/connect';

/**
 * Login throttling (OWASP ASVS 4.0 §2.2.1), kept in the database so every server instance sees the same counts.
 * Each attempt is counted under three keys: the account at this address, the account from anywhere, and the address
 * for every account. Within a window each key admits a few attempts freely; after that each further attempt must wait
 * a delay that doubles up to a ceiling. No key ever locks: many addresses together slow an account down to one guess
 * a minute but cannot shut its owner out, and a ward behind one address keeps logging in while a stranger is slowed.
 */
export type ThrottleRule = { free: number; windowMs: number; baseDelayMs: number; maxDelayMs: number };

const MINUTE = 60_000;

export const THROTTLE_RULES = {
  /** One person mistyping at one device: 5 tries, then 30 s, 1 min, 2 min … up to 15 min between tries. */
  pair: { free: 5, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  /**
   * Guesses at one account from many addresses: 20 tries, then 1 s doubling to at most a minute between tries. Above
   * what one address may try in a window, so a stranger at one address never slows the owner at another.
   */
  account: { free: 20, windowMs: 15 * MINUTE, baseDelayMs: 1_000, maxDelayMs: MINUTE },
  /** One address trying many accounts (a ward shares one): 30 tries, then 1 s doubling to at most a minute. */
  address: { free: 30, windowMs: 15 * MINUTE, baseDelayMs: 1_000, maxDelayMs: MINUTE },
  /**
   * A device that logged in to the account before (src/server/auth/deviceCookie.ts), counted instead of the other
   * three: its owner mistyping, or a stolen cookie guessing, is slowed like one person at one device.
   */
  device: { free: 5, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

type ThrottleKind = keyof typeof THROTTLE_RULES;
export type ThrottleKey = { kind: ThrottleKind; key: string };

/** The keys of an attempt on an account (a login name, or an account id for a password change) from an address. */
export function throttleKeys(account: string, address: string): ThrottleKey[] {
  const name = account.trim().toLowerCase();
  return [
    { kind: 'pair', key: `pair:${name}@${address}` },
    { kind: 'account', key: `account:${name}` },
    { kind: 'address', key: `address:${address}` },
  ];
}

/** The one key of an attempt from a known device (its device cookie's nonce), wherever it is. */
export function deviceThrottleKeys(nonce: string): ThrottleKey[] {
  return [{ kind: 'device', key: `device:${nonce}` }];
}

export type Admission =
  | { admitted: true }
  | { admitted: false; retryAfterSeconds: number; limit: ThrottleKind; firstRefusalInWindow: boolean };

type CounterRow = { key: string; ticket: string; allowed_at_ms: number | string; refused: number | string };

/**
 * Counts one attempt under some keys in a single statement. The statement is atomic per row, so concurrent attempts
 * each see the count the one before left: however many arrive at once, no more than a key's free attempts pass it.
 * An attempt passes a key only if it took that key's ticket; a refused one moves only the key's refusal count.
 */
async function countAttempt(db: Db, now: number, ticket: string, keys: readonly ThrottleKey[]) {
  const values = keys.map(({ kind, key }) => {
    const rule = THROTTLE_RULES[kind];
    const delay = rule.free <= 1 ? rule.baseDelayMs : 0;
    return sql`(${key}, ${now}, 1, ${delay}, ${delay === 0 ? 0 : now + delay}, ${ticket}, 0, ${rule.free}, ${rule.windowMs}, ${rule.baseDelayMs}, ${rule.maxDelayMs})`;
  });
  // Every SET expression reads the row as it was: expired (a new window), admitted (its wait is over), and the
  // attempt count and delay after this attempt, written out where they are used. No wait is stored as 0, not as
  // 'now': concurrent attempts reach the database in another order than their clocks were read.
  const expired = sql`(t.window_start_ms <= ${now} - excluded.window_ms)`;
  const admitted = sql`(${expired} OR t.allowed_at_ms <= ${now})`;
  const attempts = sql`(CASE WHEN ${expired} THEN 1 WHEN ${admitted} THEN t.attempts + 1 ELSE t.attempts END)`;
  const previousDelay = sql`(CASE WHEN ${expired} THEN 0 ELSE t.delay_ms END)`;
  const delay = sql`(CASE WHEN ${attempts} < excluded.free THEN 0
    WHEN ${previousDelay} = 0 THEN excluded.base_ms
    WHEN ${previousDelay} * 2 > excluded.max_ms THEN excluded.max_ms
    ELSE ${previousDelay} * 2 END)`;
  const result = await sql<CounterRow>`
    INSERT INTO login_throttle AS t
      (key, window_start_ms, attempts, delay_ms, allowed_at_ms, ticket, refused, free, window_ms, base_ms, max_ms)
    VALUES ${sql.join(values)}
    ON CONFLICT (key) DO UPDATE SET
      window_start_ms = CASE WHEN ${expired} THEN ${now} ELSE t.window_start_ms END,
      attempts = ${attempts},
      delay_ms = CASE WHEN ${admitted} THEN ${delay} ELSE t.delay_ms END,
      allowed_at_ms = CASE WHEN NOT ${admitted} THEN t.allowed_at_ms WHEN ${delay} = 0 THEN 0 ELSE ${now} + ${delay} END,
      ticket = CASE WHEN ${admitted} THEN excluded.ticket ELSE t.ticket END,
      refused = CASE WHEN ${expired} THEN 0 WHEN ${admitted} THEN t.refused ELSE t.refused + 1 END,
      free = excluded.free, window_ms = excluded.window_ms, base_ms = excluded.base_ms, max_ms = excluded.max_ms
    RETURNING key, ticket, allowed_at_ms, refused`.execute(db);
  return result.rows.find((row) => row.ticket !== ticket);
}

/**
 * Whether an attempt may go ahead. The account-at-this-address key is counted first and alone: an attempt it refuses
 * must not use up the account's or the address's allowance, or one stranger could slow the account for everyone.
 * Refusals are audited once per key and window (firstRefusalInWindow), never once per attempt.
 */
export async function admitAttempt(db: Db, clock: Clock, keys: readonly ThrottleKey[]): Promise<Admission> {
  const now = clock().getTime();
  const ticket = randomUUID();
  const stages = [keys.filter((k) => k.kind === 'pair'), keys.filter((k) => k.kind !== 'pair')];
  for (const stage of stages) {
    if (stage.length === 0) continue;
    const refusing = await countAttempt(db, now, ticket, stage);
    if (refusing === undefined) continue;
    return {
      admitted: false,
      retryAfterSeconds: Math.max(1, Math.ceil((Number(refusing.allowed_at_ms) - now) / 1000)),
      limit: stage.find((k) => k.key === refusing.key)?.kind ?? 'address',
      firstRefusalInWindow: Number(refusing.refused) === 1,
    };
  }
  return { admitted: true };
}

/**
 * A correct password: the account's counters start again, and the address gets its attempt back, so a ward logging
 * in all morning through one address never runs into the address limit.
 */
export async function recordSuccess(db: Db, keys: readonly ThrottleKey[]): Promise<void> {
  const accountKeys = keys.filter((k) => k.kind !== 'address').map((k) => k.key);
  const addressKeys = keys.filter((k) => k.kind === 'address').map((k) => k.key);
  if (accountKeys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', accountKeys).execute();
  if (addressKeys.length === 0) return;
  await sql`UPDATE login_throttle SET
      attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
      delay_ms = CASE WHEN attempts - 1 < free THEN 0 ELSE delay_ms END,
      allowed_at_ms = CASE WHEN attempts - 1 < free THEN 0 ELSE allowed_at_ms END
    WHERE key IN (${sql.join(addressKeys)})`.execute(db);
}
