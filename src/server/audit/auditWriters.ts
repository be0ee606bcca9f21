import { sql } from 'kysely';
import type { DbHandle } from '#server/db/connect';
import { createWorkerQueue, type WorkerQueue } from '#server/workers/singleWorkerQueue';
import { chainRows, GENESIS_HASH, type AuditEvent } from './auditHash.ts';
import type { AuditWorkerTask, ChainHead } from './auditWorker.ts';

/** Chains a batch of events onto the trail in one transaction and answers its last row, once committed. */
export type AuditWriter = {
  append(at: string, events: readonly AuditEvent[]): Promise<ChainHead>;
  close(): Promise<void>;
};

/**
 * The batch written through the server's own connection. On PostgreSQL the driver is asynchronous, so the commit
 * does not hold the event loop; a transaction-scoped advisory lock keeps one chain across instances, taken once per
 * batch. An in-memory SQLite database (tests) has no file another connection could open.
 */
export function connectionWriter({ db, kind }: DbHandle, key: Buffer | null): AuditWriter {
  return {
    append: (at, events) =>
      db.transaction().execute(async (trx) => {
        if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(7041957)`.execute(trx);
        const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
        const values = chainRows(key, at, events, last?.hash ?? GENESIS_HASH);
        const rows = await trx.insertInto('audit_log').values(values).returning(['id', 'hash']).execute();
        // The chain is read in id order: the ids must follow the order the rows were chained in, or nothing is kept.
        const byId = [...rows].sort((a, b) => a.id - b.id);
        if (byId.some((row, i) => row.hash !== values[i]?.hash))
          throw new Error('Audit rows were numbered out of order');
        const head = byId.at(-1);
        if (head === undefined) throw new Error('Audit rows were not written');
        return head;
      }),
    close: () => Promise.resolve(),
  };
}

/** The worker's heap: its module loader and a batch of at most a few hundred small rows. */
const WORKER_MEMORY_MB = 128;

let worker: WorkerQueue<AuditWorkerTask, ChainHead | null> | undefined;
let openTrails = 0;

/**
 * The batch written by a worker thread with its own connection to the trail's SQLite file, which holds nothing else
 * (src/server/audit/auditWorker.ts),
 * so that the commit's fsync runs beside the event loop instead of on it. One thread serves every trail of the
 * process (a server has one; a test process opens many, and a thread takes up to a second to load its modules), and
 * ends when the last trail is closed, so that a command can exit. A thread that fails is replaced, failing only the
 * batch it was writing.
 */
export function sqliteWorkerWriter(file: string, key: Buffer | null): AuditWriter {
  worker ??= createWorkerQueue<AuditWorkerTask, ChainHead | null>({
    entry: new URL('./auditWorker.ts', import.meta.url),
    memoryMb: WORKER_MEMORY_MB,
    name: 'audit writer',
    outOfMemory: () => null,
  });
  const queue = worker;
  openTrails += 1;
  const hexKey = key === null ? null : key.toString('hex');
  return {
    async append(at, events) {
      const head = await queue.run({ kind: 'append', file, key: hexKey, at, events: [...events] });
      if (head === null) throw new Error('The audit writer ran out of memory');
      return head;
    },
    async close() {
      try {
        await queue.run({ kind: 'close', file });
      } finally {
        openTrails -= 1;
        if (openTrails === 0 && worker === queue) {
          worker = undefined;
          await queue.close();
        }
      }
    },
  };
}
