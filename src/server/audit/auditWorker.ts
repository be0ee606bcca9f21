import type { Database, Statement, Transaction } from 'better-sqlite3';
import { openSqliteFile } from '#server/db/sqliteFile';
import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import { chainRows, GENESIS_HASH, type AuditEvent } from './auditHash.ts';

/** The last row a batch wrote: the checkpoint follows it. */
export type ChainHead = { id: number; hash: string };

/** A batch to chain and commit into the trail of one SQLite file, or the end of that file's connection. */
export type AuditWorkerTask =
  | { kind: 'append'; file: string; key: string | null; at: string; events: AuditEvent[] }
  | { kind: 'close'; file: string };

type Trail = {
  sqlite: Database;
  append: Transaction<(key: Buffer | null, at: string, events: AuditEvent[]) => ChainHead>;
};

const trails = new Map<string, Trail>();

function openTrail(file: string): Trail {
  const sqlite = openSqliteFile(file);
  const last: Statement<[], { hash: string }> = sqlite.prepare('SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1');
  const insert = sqlite.prepare(
    `INSERT INTO audit_log (at, user_id, role, action, target, outcome, address, prev_hash, hash)
     VALUES (@at, @user_id, @role, @action, @target, @outcome, @address, @prev_hash, @hash)`,
  );
  const append = sqlite.transaction((key: Buffer | null, at: string, events: AuditEvent[]): ChainHead => {
    let head: ChainHead = { id: 0, hash: last.get()?.hash ?? GENESIS_HASH };
    for (const row of chainRows(key, at, events, head.hash)) {
      const id = Number(insert.run(row).lastInsertRowid);
      // The chain is read in id order: the ids must follow the order the rows were chained in, or nothing is kept.
      if (id <= head.id) throw new Error('Audit rows were numbered out of order');
      head = { id, hash: row.hash };
    }
    if (head.id === 0) throw new Error('Audit rows were not written');
    return head;
  });
  return { sqlite, append };
}

/**
 * The SQLite audit writer's thread. better-sqlite3 is synchronous, so a batch's COMMIT (an fsync, synchronous=FULL)
 * on the server's thread stopped every request for its duration, and no event could join the batch meanwhile. Here
 * the fsync blocks only this thread; the transaction is IMMEDIATE, taking the write lock before it reads the chain's
 * last hash, so no other writer can claim the same predecessor.
 */
serveWorkerTasks<AuditWorkerTask, ChainHead | null>((task) => {
  if (task.kind === 'close') {
    trails.get(task.file)?.sqlite.close();
    trails.delete(task.file);
    return null;
  }
  let trail = trails.get(task.file);
  if (trail === undefined) {
    trail = openTrail(task.file);
    trails.set(task.file, trail);
  }
  return trail.append.immediate(task.key === null ? null : Buffer.from(task.key, 'hex'), task.at, task.events);
});
