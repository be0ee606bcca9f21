import type { Clock } from '#server/clock';
import type { DbHandle } from '#server/db/connect';
import type { AuditEvent } from './auditHash.ts';
import type { AuditSeal } from './auditSeal.ts';
import { connectionWriter, sqliteWorkerWriter } from './auditWriters.ts';
import { openCheckpoints } from './checkpoints.ts';
import { shortTarget } from './listTarget.ts';

export { auditHash, GENESIS_HASH, type AuditEvent, type AuditOutcome } from './auditHash.ts';

export type AuditTrail = {
  record(event: AuditEvent): Promise<void>;
  /** Waits until the checkpoint names the last row written (at shutdown, and in tests). */
  flush(): Promise<void>;
  /** Flushes, then ends the writer (its thread and connection, on SQLite). */
  close(): Promise<void>;
};

/** Events written in one transaction at most: 9 bound values each, well under SQLite's and PostgreSQL's limits. */
const MAX_BATCH = 200;

type Waiting = { event: AuditEvent; done: () => void; failed: (error: unknown) => void };

/**
 * Appends are written by one writer per process, a batch at a time (group commit): the events that arrive while a
 * batch is being written wait for the next, which chains them all in one transaction. Across PostgreSQL instances a
 * transaction-scoped advisory lock still keeps one chain (two batches never claim the same predecessor), but it is
 * taken once per batch instead of once per request. On SQLite the batch is written into the trail's own file
 * (src/server/db/sqliteFile.ts: attachAuditFile) by a worker thread with its own connection, so the commit's fsync
 * does not stop the event loop (src/server/audit/auditWriters.ts). `record`
 * resolves only once its row is committed, so a read is answered only after its audit row is durable; if the write
 * fails, every request in the batch fails with it.
 */
export async function openAuditTrail(handle: DbHandle, clock: Clock, seal: AuditSeal): Promise<AuditTrail> {
  const checkpoints = await openCheckpoints(handle, seal);
  const writer =
    handle.auditFile === undefined
      ? connectionWriter(handle, seal.key)
      : sqliteWorkerWriter(handle.auditFile, seal.key);
  const appendBatch = async (events: readonly AuditEvent[]): Promise<void> => {
    const head = await writer.append(clock().toISOString(), events);
    checkpoints.reached(head.id, head.hash);
  };

  const waiting: Waiting[] = [];
  let writing: Promise<void> | undefined;
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
    writing = undefined;
  };
  const flush = async (): Promise<void> => {
    await writing;
    await checkpoints.flush();
  };
  return {
    record(event) {
      return new Promise<void>((done, failed) => {
        waiting.push({ event, done, failed });
        writing ??= drain();
      });
    },
    flush,
    async close() {
      await flush();
      await writer.close();
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
