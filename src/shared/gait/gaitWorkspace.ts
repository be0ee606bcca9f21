/**
 * The engine's per-frame buffers, kept from one analysis to the next. A 10-minute recording needs megabytes of
 * them; a fresh typed array of that size costs more than the arithmetic done in it (the memory is mapped, faulted in
 * and zeroed page by page, then left to the garbage collector), while refilling a kept one with zeros is a plain
 * write. An analysis takes its buffers in a fixed order, so the next analysis of a recording of the same length
 * gets the same buffers back; a longer recording grows them. Every buffer handed out reads as zeros and is the exact
 * length asked for, as a new array would be, and none outlives the analysis: the engine's answer holds plain numbers.
 * The exception, float64sToOverwrite, skips the zeros for a buffer its caller writes in full before reading any of it.
 * Outside an analysis (a unit test calling one stage) every call returns a new array.
 */

/** Beyond this, buffers are not kept: a very long recording should not hold its memory after its analysis. */
const MAX_KEPT_BYTES = 48 * 1024 * 1024;

const kept: ArrayBuffer[] = [];
let keptBytes = 0;
/** The next buffer to hand out while an analysis runs; undefined between analyses. */
let cursor: number | undefined;

/** Runs one analysis with the kept buffers (a nested call shares the outer one's). */
export function withGaitWorkspace<T>(analysis: () => T): T {
  if (cursor !== undefined) return analysis();
  cursor = 0;
  try {
    return analysis();
  } finally {
    cursor = undefined;
  }
}

function buffer(bytes: number): ArrayBuffer | undefined {
  if (cursor === undefined) return undefined;
  const slot = cursor++;
  const old = kept[slot];
  if (old !== undefined && old.byteLength >= bytes) return old;
  const grown = keptBytes - (old?.byteLength ?? 0) + bytes;
  if (grown > MAX_KEPT_BYTES) return undefined;
  const fresh = new ArrayBuffer(bytes);
  kept[slot] = fresh;
  keptBytes = grown;
  return fresh;
}

/** A zero-filled Float64Array of the given length. */
export function float64s(length: number): Float64Array {
  const from = buffer(8 * length);
  return from === undefined ? new Float64Array(length) : new Float64Array(from, 0, length).fill(0);
}

/**
 * A Float64Array of the given length holding whatever an earlier analysis left there (zeros if new): only for a
 * buffer the caller writes in full before it reads any of it.
 */
export function float64sToOverwrite(length: number): Float64Array {
  const from = buffer(8 * length);
  return from === undefined ? new Float64Array(length) : new Float64Array(from, 0, length);
}

/** A zero-filled Uint8Array of the given length. */
export function uint8s(length: number): Uint8Array {
  const from = buffer(length);
  return from === undefined ? new Uint8Array(length) : new Uint8Array(from, 0, length).fill(0);
}
