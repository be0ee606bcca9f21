import type { Reply } from '#shared/api/calls';
import type { Tombstone } from '#shared/records/sync';
import { planDelta, type DeltaChunk } from './delta.ts';
import { recordKey, type MirrorList, type MirrorRecords } from './lists.ts';

/** What the page's caller needs before the page is stored: the cursor to ask the next page with, and its time. */
export type PageHead = { serverTime: string; nextCursor: string | null; written: number; deleted: number };

/** How a page is stored, given from outside (the sync worker's IndexedDB and vault key; fakes in tests). */
export type PageSink<T> = {
  /** Called as soon as the page is read, before anything is stored: the next page can be asked for meanwhile. */
  head: (head: PageHead) => void;
  /** Seals one step for the list's log (JSON, encoding, AES-GCM): nothing is stored yet. */
  seal: (step: DeltaChunk<T>) => Promise<Uint8Array>;
  /** Commits one sealed step to the list's log; resolves once it is committed. */
  commit: (sealed: Uint8Array) => Promise<void>;
  /** A step is committed: the screens may show it. */
  committed: (step: DeltaChunk<T>) => void;
};

type ListAnswer = { deleted?: Tombstone[]; serverTime?: unknown; nextCursor?: unknown } & Record<string, unknown>;

/** The lists whose call answers its rows under the list's own name ({patients: [...]}), as the call map types it. */
type RowsUnderListName = { [L in MirrorList]: Reply<L> extends { [K in L]: unknown[] } ? L : never }[MirrorList];

const decoder = new TextDecoder();

/**
 * One page of a list answer as the server sent it (the body's bytes), read and stored: parsed, split into steps of
 * a thousand rows (a full answer's first page resets the list), each committed before the screens hear of it, in
 * order. Runs in the sync worker, so a 5,000-row page's parse and sealing never hold up the page. The next step is
 * sealed while this one's transaction runs (sealing stores nothing): a failed commit still stops the page there.
 */
export async function storeSyncPage<L extends MirrorList>(
  list: L,
  body: ArrayBuffer,
  resetsList: boolean,
  sink: PageSink<MirrorRecords[L]>,
): Promise<void> {
  const answer = JSON.parse(decoder.decode(body)) as ListAnswer;
  // Does not compile if a list's call stopped answering its rows under the list's name.
  const rows = answer[list satisfies RowsUnderListName];
  if (!Array.isArray(rows) || typeof answer.serverTime !== 'string') {
    throw new Error(`The server's ${list} page could not be read.`);
  }
  const plan = planDelta(
    rows as MirrorRecords[L][],
    answer.deleted ?? [],
    (row: MirrorRecords[L]) => recordKey(list, row),
    resetsList,
  );
  sink.head({
    serverTime: answer.serverTime,
    nextCursor: typeof answer.nextCursor === 'string' ? answer.nextCursor : null,
    written: plan.reduce((n, step) => n + step.upserts.length, 0),
    deleted: plan.reduce((n, step) => n + step.deletes.length, 0),
  });
  // The step sealed while the one before it commits (undefined for the first).
  let sealing: Promise<Uint8Array> | undefined;
  for (const [i, step] of plan.entries()) {
    const committing = sink.commit(await (sealing ?? sink.seal(step)));
    const next = plan[i + 1];
    sealing = next === undefined ? undefined : sink.seal(next);
    // Not awaited if this commit fails: the step after a failed one is never stored.
    sealing?.catch(() => undefined);
    await committing;
    sink.committed(step);
  }
}
