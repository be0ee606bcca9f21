import type { Tombstone } from '#shared/records/sync';

/** Rows per Dexie transaction: big enough to be quick, small enough not to freeze the page (DESIGN.md Data flow 2). */
export const CHUNK_SIZE = 1000;

/** Ask from a little before the last serverTime: clocks and commit order can skew, and applying a record twice is harmless. */
export const SYNC_OVERLAP_MS = 2 * 60_000;

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

/** One step of a sync: rows to write and ids to drop, applied together. */
export type DeltaChunk<T> = { upserts: T[]; deletes: string[] };

/**
 * What a list answer means for the mirror. A delta answer drops its tombstones; a full answer (no modifiedSince)
 * also drops every mirrored id it no longer contains, e.g. a patient moved out of this clinician's scope.
 */
export function planDelta<T>(
  records: readonly T[],
  tombstones: readonly Tombstone[],
  keyOf: (record: T) => string,
  mirroredKeys: readonly string[] | undefined,
): DeltaChunk<T>[] {
  const deletes = new Set(tombstones.map((t) => t.id));
  if (mirroredKeys) {
    const kept = new Set(records.map(keyOf));
    for (const key of mirroredKeys) if (!kept.has(key)) deletes.add(key);
  }
  // A record deleted after it was changed arrives only as a tombstone, but be safe: a tombstone wins.
  const upserts = records.filter((record) => !deletes.has(keyOf(record)));
  const upsertChunks = chunked(upserts);
  const deleteChunks = chunked([...deletes]);
  const steps = Math.max(upsertChunks.length, deleteChunks.length);
  return Array.from({ length: steps }, (_, i) => ({ upserts: upsertChunks[i] ?? [], deletes: deleteChunks[i] ?? [] }));
}
