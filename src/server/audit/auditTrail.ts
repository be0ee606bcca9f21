import { createHash, createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '#server/clock';
import type { DbHandle } from '#server/db/connect';
import type { AuditSeal } from './auditSeal.ts';
import { openCheckpoints } from './checkpoints.ts';
import { shortTarget } from './listTarget.ts';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export type AuditEvent = {
  userId: string;
  role: string;
  action: string;
  target: string;
  outcome: AuditOutcome;
  address: string;
};

export type AuditRow = AuditEvent & { id: number; at: string; prevHash: string; hash: string };

/** The first row chains to this fixed value. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Each row's hash covers its own content and the previous row's hash, so altering or removing a row breaks the chain.
 * It is an HMAC with the audit key (src/server/audit/auditSeal.ts), so nobody without the key can re-hash a changed
 * chain; rows written before the key existed used a plain SHA-256 (key null) and are checked that way.
 */
export function auditHash(key: Buffer | null, at: string, event: AuditEvent, prevHash: string): string {
  const content = JSON.stringify([
    at,
    event.userId,
    event.role,
    event.action,
    event.target,
    event.outcome,
    event.address,
    prevHash,
  ]);
  return (key === null ? createHash('sha256') : createHmac('sha256', key)).update(content).digest('hex');
}

export type AuditTrail = {
  record(event: AuditEvent): Promise<void>;
  /** Waits until the checkpoint names the last row written (at shutdown, and in tests). */
  flush(): Promise<void>;
};

/**
 * Appends are serialised: in this process by a promise chain, across PostgreSQL instances by a transaction-scoped
 * advisory lock, so two rows never claim the same predecessor. After each append the checkpoint moves on.
 */
export async function openAuditTrail(handle: DbHandle, clock: Clock, seal: AuditSeal): Promise<AuditTrail> {
  const { db, kind } = handle;
  const checkpoints = await openCheckpoints(handle, seal);
  let tail: Promise<void> = Promise.resolve();
  const append = async (event: AuditEvent): Promise<void> => {
    const written = await db.transaction().execute(async (trx) => {
      if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(7041957)`.execute(trx);
      const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
      const prevHash = last?.hash ?? GENESIS_HASH;
      const at = clock().toISOString();
      const hash = auditHash(seal.key, at, event, prevHash);
      const row = await trx
        .insertInto('audit_log')
        .values({
          at,
          user_id: event.userId,
          role: event.role,
          action: event.action,
          target: event.target,
          outcome: event.outcome,
          address: event.address,
          prev_hash: prevHash,
          hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, hash };
    });
    checkpoints.reached(written.id, written.hash);
  };
  return {
    record(event) {
      const next = tail.then(() => append(event));
      tail = next.catch(() => undefined);
      return next;
    },
    async flush() {
      await tail;
      await checkpoints.flush();
    },
  };
}

/** One line per event, newest first, for the admin's audit log page. */
export async function auditLogText({ db }: DbHandle, limit = 5000): Promise<string> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows
    .map(
      (r) =>
        `${r.at}  #${r.id}  ${r.role}:${r.user_id}  ${r.action}  ${shortTarget(r.target)}  ${r.outcome}  from ${r.address}`,
    )
    .join('\n');
}
