import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '#server/clock';
import type { DbHandle } from '#server/db/connect';

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

/** Each row's hash covers its own content and the previous row's hash, so altering or removing a row breaks the chain. */
export function auditHash(at: string, event: AuditEvent, prevHash: string): string {
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
  return createHash('sha256').update(content).digest('hex');
}

export type AuditTrail = {
  record(event: AuditEvent): Promise<void>;
};

/**
 * Appends are serialised: in this process by a promise chain, across PostgreSQL instances by a transaction-scoped
 * advisory lock, so two rows never claim the same predecessor.
 */
export function createAuditTrail({ db, kind }: DbHandle, clock: Clock): AuditTrail {
  let tail: Promise<void> = Promise.resolve();
  const append = async (event: AuditEvent): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(7041957)`.execute(trx);
      const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
      const prevHash = last?.hash ?? GENESIS_HASH;
      const at = clock().toISOString();
      await trx
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
          hash: auditHash(at, event, prevHash),
        })
        .execute();
    });
  };
  return {
    record(event) {
      const next = tail.then(() => append(event));
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

export type ChainCheck = { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; reason: string };

/** Walks the whole trail in order, in pages, and reports the first row whose links or content do not match. */
export async function verifyAuditChain({ db }: DbHandle, pageSize = 5000): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    for (const row of page) {
      rows += 1;
      if (row.prev_hash !== prevHash) {
        return {
          ok: false,
          rows,
          brokenAt: row.id,
          reason: 'does not link to the row before it (a row was removed or reordered)',
        };
      }
      const event: AuditEvent = {
        userId: row.user_id,
        role: row.role,
        action: row.action,
        target: row.target,
        outcome: row.outcome as AuditOutcome,
        address: row.address,
      };
      if (auditHash(row.at, event, row.prev_hash) !== row.hash) {
        return {
          ok: false,
          rows,
          brokenAt: row.id,
          reason: 'its content does not match its hash (the row was altered)',
        };
      }
      prevHash = row.hash;
      afterId = row.id;
    }
    if (page.length < pageSize) return { ok: true, rows };
  }
}

/** One line per event, newest first, for the admin's audit log page. */
export async function auditLogText({ db }: DbHandle, limit = 5000): Promise<string> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows
    .map((r) => `${r.at}  #${r.id}  ${r.role}:${r.user_id}  ${r.action}  ${r.target}  ${r.outcome}  from ${r.address}`)
    .join('\n');
}
