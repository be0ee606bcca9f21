import { openJson, sealJson } from '#app/lib/vault/vaultCrypto';
import { vaultKey } from '#app/lib/vault/vaultKey';
import type { MirrorDb } from './db.ts';
import { chunked, replayDeltas, type DeltaChunk } from './delta.ts';
import type { MirrorList } from './lists.ts';

/** A log this much longer than a fresh snapshot of its rows is compacted when the list is next read. */
const COMPACT_AFTER_BATCHES = 64;

/** Sealed with the list's name: a batch cannot be moved to another list and opened there. */
const mirrorContext = (list: MirrorList) => `mirror:${list}`;

/**
 * One sync step sealed with the vault key for the list's log (appendSealed stores it). The sync worker calls it with
 * the key its page came with (the worker cannot read the tab's session storage).
 */
export function sealDelta<T>(list: MirrorList, delta: DeltaChunk<T>, key: CryptoKey): Promise<Uint8Array> {
  return sealJson(key, delta, mirrorContext(list));
}

/** One sync step sealed and appended to the list's log (the sync worker seals the next step during this one's commit). */
export async function appendDelta<T>(
  db: MirrorDb,
  list: MirrorList,
  delta: DeltaChunk<T>,
  key: CryptoKey,
): Promise<void> {
  await appendSealed(db, list, await sealDelta(list, delta, key));
}

/** Appends one sealed sync step to the list's log, in its own transaction. */
export async function appendSealed(db: MirrorDb, list: MirrorList, sealed: Uint8Array): Promise<void> {
  await db.transaction('rw', db.records, () => db.records.add({ list, sealed }));
}

export type ReadList<T> = { rows: T[]; serverTime: string | undefined };

/**
 * The rows of a list, read in one transaction with its sync time, opened outside it (WebCrypto cannot run inside an
 * IndexedDB transaction), then replayed. A long log is rewritten as a snapshot afterwards.
 */
export async function readList<T>(db: MirrorDb, list: MirrorList, keyOf: (row: T) => string): Promise<ReadList<T>> {
  const [batches, meta] = await db.transaction('r', db.records, db.meta, () =>
    Promise.all([db.records.where('list').equals(list).toArray(), db.meta.get(list)]),
  );
  const key = await vaultKey();
  const deltas = await Promise.all(batches.map((b) => openJson<DeltaChunk<T>>(key, b.sealed, mirrorContext(list))));
  const rows = replayDeltas(deltas, keyOf);
  const lastSeq = batches.at(-1)?.seq;
  if (batches.length > COMPACT_AFTER_BATCHES && lastSeq !== undefined) {
    void compact(db, list, rows, lastSeq).catch(() => undefined);
  }
  return { rows, serverTime: meta?.serverTime };
}

/** Rewrites a list's log as a reset and its rows, unless a sync appended to it since it was read. */
async function compact<T>(db: MirrorDb, list: MirrorList, rows: readonly T[], readUpTo: number): Promise<void> {
  const key = await vaultKey();
  const steps: DeltaChunk<T>[] = chunked(rows).map((upserts, i) => ({ upserts, deletes: [], reset: i === 0 }));
  if (steps.length === 0) steps.push({ upserts: [], deletes: [], reset: true });
  const sealed = await Promise.all(steps.map((step) => sealJson(key, step, mirrorContext(list))));
  await db.transaction('rw', db.records, async () => {
    const newest = await db.records.where('list').equals(list).last();
    if (newest?.seq !== readUpTo) return;
    await db.records.where('list').equals(list).delete();
    await db.records.bulkAdd(sealed.map((s) => ({ list, sealed: s })));
  });
}
