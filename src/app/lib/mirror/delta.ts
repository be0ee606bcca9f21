import type { Tombstone } from '#shared/records/sync';

/** Rows per Dexie transaction: big enough to be quick, small enough not to freeze the page (docs/design.md Data flow 2). */
export const CHUNK_SIZE = 1000;

/** Ask from a little before the last serverTime: clocks and commit order can skew, and applying a record twice is harmless. */
const SYNC_OVERLAP_MS = 2 * 60_000;

export function modifiedSinceFor(serverTime: string | undefined): string | undefined {
  if (serverTime === undefined) return undefined;
  const time = Date.parse(serverTime);
  if (Number.isNaN(time)) return undefined;
  return new Date(time - SYNC_OVERLAP_MS).toISOString();
}

export function chunked<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * One step of a sync: rows to write and ids to drop, applied together. `reset` starts the list afresh first: the
 * first step of a full answer (no modifiedSince), which holds the whole scoped list, so anything mirrored that it no
 * longer contains (e.g. a patient moved out of this clinician's scope) is gone.
 */
export type DeltaChunk<T> = { upserts: T[]; deletes: string[]; reset?: boolean };

/**
 * What a list answer means for the mirror. A delta answer drops its tombstones; a full answer (`isFull`, asked
 * without modifiedSince) replaces the list: its first step resets it, so there is always at least that step.
 */
export function planDelta<T>(
  records: readonly T[],
  tombstones: readonly Tombstone[],
  keyOf: (record: T) => string,
  isFull: boolean,
): DeltaChunk<T>[] {
  const deletes = new Set(tombstones.map((t) => t.id));
  // A record deleted after it was changed arrives only as a tombstone, but be safe: a tombstone wins.
  const upserts = records.filter((record) => !deletes.has(keyOf(record)));
  const upsertChunks = chunked(upserts);
  const deleteChunks = chunked([...deletes]);
  const steps = Math.max(upsertChunks.length, deleteChunks.length, isFull ? 1 : 0);
  return Array.from({ length: steps }, (_, i) => ({
    upserts: upsertChunks[i] ?? [],
    deletes: deleteChunks[i] ?? [],
    ...(isFull && i === 0 ? { reset: true } : {}),
  }));
}

/** The rows a log of deltas leaves, applied in order (a reset clears what came before it). */
export function replayDeltas<T>(deltas: readonly DeltaChunk<T>[], keyOf: (row: T) => string): T[] {
  const rows = new Map<string, T>();
  for (const { reset, upserts, deletes } of deltas) {
    if (reset) rows.clear();
    for (const row of upserts) rows.set(keyOf(row), row);
    for (const key of deletes) rows.delete(key);
  }
  return [...rows.values()];
}
