import type { DbHandle } from '#server/db/connect';
import { writeCheckpoint, type AuditSeal } from './auditSeal.ts';
import { startingCheckpoint } from './startCheck.ts';

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
  let last = await startingCheckpoint(handle, seal);
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
