import type { DbHandle } from '#server/db/connect';
import { readCheckpoint, writeCheckpoint, type AuditSeal, type Checkpoint } from './auditSeal.ts';

/** The head of the chain as the database holds it now: its row count, last id and last hash. */
async function chainHead({ db }: DbHandle) {
  const last = await db
    .selectFrom('audit_log')
    .select(['id', 'hash'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const count = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: Number(count.n), headId: last?.id ?? 0, headHash: last?.hash ?? '' };
}

/**
 * The first checkpoint of a trail. On a new database the whole chain is keyed. On a trail from before the audit key
 * existed, the key was made just now: rows up to here keep their plain hashes (the first keyed row seals them by
 * linking to their last hash), and every row from here on is keyed.
 */
async function firstCheckpoint(handle: DbHandle, seal: AuditSeal): Promise<Checkpoint> {
  const head = await chainHead(handle);
  const keyedFrom = seal.keyCreated ? head.headId + 1 : 1;
  if (head.rows > 0 && !seal.keyCreated) {
    process.emitWarning(
      `The audit checkpoint ${seal.checkpointFile} was missing; a new one starts at row ${String(head.headId)}.`,
    );
  }
  return { ...head, keyedFrom, at: new Date().toISOString() };
}

export type Checkpoints = {
  /** The trail reached this row: the checkpoint is moved there as soon as the previous write is done. */
  reached(id: number, hash: string): void;
  flush(): Promise<void>;
};

/**
 * Keeps the checkpoint file following the chain. Writes never overlap and never wait for each other's requests: rows
 * that arrive while a write runs are covered by the next one. The row count grows by counting only the rows past the
 * last checkpoint, so a write costs the same however long the trail is, and it stays right when several server
 * instances append to one database.
 */
export async function openCheckpoints(handle: DbHandle, seal: AuditSeal): Promise<Checkpoints> {
  const found = readCheckpoint(seal);
  if (found.status === 'forged')
    throw new Error(`The audit checkpoint ${seal.checkpointFile} does not match the audit key`);
  let last = found.status === 'ok' ? found.checkpoint : await firstCheckpoint(handle, seal);
  if (found.status === 'missing') await writeCheckpoint(seal, last);
  let pending: { id: number; hash: string } | undefined;
  let writing: Promise<void> | undefined;

  const writeAll = async (): Promise<void> => {
    while (pending !== undefined) {
      const head = pending;
      pending = undefined;
      if (head.id <= last.headId) continue;
      const added = await handle.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id', '>', last.headId)
        .where('id', '<=', head.id)
        .executeTakeFirstOrThrow();
      const next = {
        ...last,
        rows: last.rows + Number(added.n),
        headId: head.id,
        headHash: head.hash,
        at: new Date().toISOString(),
      };
      await writeCheckpoint(seal, next);
      last = next;
    }
  };
  const start = () => {
    writing ??= writeAll()
      .catch((error: unknown) => {
        // The trail itself is intact; only its anchor lags until the next write succeeds.
        process.emitWarning(
          `Could not write the audit checkpoint: ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .finally(() => {
        writing = undefined;
        if (pending !== undefined) start();
      });
  };
  return {
    reached(id, hash) {
      if (pending === undefined || id > pending.id) pending = { id, hash };
      start();
    },
    async flush() {
      while (writing !== undefined) await writing;
    },
  };
}
