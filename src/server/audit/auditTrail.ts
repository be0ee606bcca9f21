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

/** Events written in one transaction at most: 9 bound values each, well under SQLite's and PostgreSQL's limits. */
const MAX_BATCH = 200;

type Waiting = { event: AuditEvent; done: () => void; failed: (error: unknown) => void };

/**
 * Appends are written by one writer per process, a batch at a time (group commit): the events that arrive while a
 * batch is being written wait for the next, which chains them all in one transaction. Across PostgreSQL instances a
 * transaction-scoped advisory lock still keeps one chain (two batches never claim the same predecessor), but it is
 * taken once per batch instead of once per request. `record` resolves only once its row is committed, so a read is
 * answered only after its audit row is durable; if the write fails, every request in the batch fails with it.
 */
export async function openAuditTrail(handle: DbHandle, clock: Clock, seal: AuditSeal): Promise<AuditTrail> {
  const { db, kind } = handle;
  const checkpoints = await openCheckpoints(handle, seal);
  const appendBatch = async (events: readonly AuditEvent[]): Promise<void> => {
    const written = await db.transaction().execute(async (trx) => {
      if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(7041957)`.execute(trx);
      const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
      let prevHash = last?.hash ?? GENESIS_HASH;
      const at = clock().toISOString();
      const values = events.map((event) => {
        const hash = auditHash(seal.key, at, event, prevHash);
        const row = {
          at,
          user_id: event.userId,
          role: event.role,
          action: event.action,
          target: event.target,
          outcome: event.outcome,
          address: event.address,
          prev_hash: prevHash,
          hash,
        };
        prevHash = hash;
        return row;
      });
      const rows = await trx.insertInto('audit_log').values(values).returning(['id', 'hash']).execute();
      // The chain is read in id order: the ids must follow the order the rows were chained in, or nothing is kept.
      const byId = [...rows].sort((a, b) => a.id - b.id);
      if (byId.some((row, i) => row.hash !== values[i]?.hash)) throw new Error('Audit rows were numbered out of order');
      const head = byId.at(-1);
      if (head === undefined) throw new Error('Audit rows were not written');
      return head;
    });
    checkpoints.reached(written.id, written.hash);
  };

  const waiting: Waiting[] = [];
  let writer: Promise<void> | undefined;
  const drain = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      try {
        await appendBatch(batch.map((w) => w.event));
        for (const w of batch) w.done();
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
    writer = undefined;
  };
  return {
    record(event) {
      return new Promise<void>((done, failed) => {
        waiting.push({ event, done, failed });
        writer ??= drain();
      });
    },
    async flush() {
      await writer;
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
