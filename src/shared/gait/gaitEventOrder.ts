import type { Side } from './gaitResult.ts';
import type { FootContacts } from './stanceFootprints.ts';

/**
 * Both feet's events in time order as parallel columns: the time, the side (0 left, 1 right) and whether it is a
 * heel strike (1) or a toe off (0). Chains and runs are stretches [from, to) of this order.
 */
export type GaitEvents = { t: Float64Array; side: Uint8Array; strike: Uint8Array; count: number };
export type Stretch = { from: number; to: number };

export const sideOf = (code: number | undefined): Side => (code === 0 ? 'left' : 'right');

/**
 * Every heel strike and toe off of both feet, sorted by time; a toe off sorts as if it came `slack` later, which
 * lets it fall just before the heel strike it should follow. Events at the same sort time keep the order left heel
 * strikes, left toe offs, right heel strikes, right toe offs.
 */
export function sortedEvents(left: FootContacts, right: FootContacts, slack: number): GaitEvents {
  const count = left.heelStrikes.length + left.toeOffs.length + right.heelStrikes.length + right.toeOffs.length;
  const t = new Float64Array(count);
  const key = new Float64Array(count);
  const side = new Uint8Array(count);
  const strike = new Uint8Array(count);
  let i = 0;
  const add = (time: number, sortAs: number, code: number, isStrike: number) => {
    t[i] = time;
    key[i] = sortAs;
    side[i] = code;
    strike[i] = isStrike;
    i++;
  };
  for (let code = 0; code < 2; code++) {
    const foot = code === 0 ? left : right;
    for (const time of foot.heelStrikes) add(time, time, code, 1);
    for (const time of foot.toeOffs) add(time, time + slack, code, 0);
  }
  const order = sortOrder(key, [
    left.heelStrikes.length,
    left.toeOffs.length,
    right.heelStrikes.length,
    right.toeOffs.length,
  ]);
  const sorted: GaitEvents = {
    t: new Float64Array(count),
    side: new Uint8Array(count),
    strike: new Uint8Array(count),
    count,
  };
  for (let j = 0; j < count; j++) {
    const o = order[j] ?? 0;
    sorted.t[j] = t[o] ?? 0;
    sorted.side[j] = side[o] ?? 0;
    sorted.strike[j] = strike[o] ?? 0;
  }
  return sorted;
}

/**
 * The indices of `key` in the order of a stable sort by key, the key made of consecutive runs of the given lengths.
 * Each foot's heel strikes and toe offs come in time order, so the runs are merged (linear time) rather than the
 * whole sorted with a comparator called per pair; a run out of order, or a NaN, falls back to that sort. A merge
 * that takes the earlier run's element on a tie keeps the order the stable sort gives.
 */
function sortOrder(key: Float64Array, runs: readonly number[]): Uint32Array {
  const count = key.length;
  let order = Uint32Array.from({ length: count }, (_, j) => j);
  let from = 0;
  for (const length of runs) {
    for (let i = from + 1; i < from + length; i++) {
      if (!((key[i - 1] ?? 0) <= (key[i] ?? 0))) return order.sort((a, b) => (key[a] ?? 0) - (key[b] ?? 0) || a - b);
    }
    from += length;
  }
  // Merge the runs pairwise, doubling their length each round, as a bottom-up merge sort's last rounds would.
  let bounds = [0];
  for (const length of runs) bounds.push((bounds.at(-1) ?? 0) + length);
  let into = new Uint32Array(count);
  while (bounds.length > 2) {
    const merged = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const lo = bounds[r] ?? 0;
      const mid = bounds[r + 1] ?? 0;
      const hi = bounds[r + 2] ?? mid;
      mergeRuns(key, order, into, lo, mid, hi);
      merged.push(hi);
    }
    [order, into] = [into, order];
    bounds = merged;
  }
  return order;
}

/** Merges order[lo, mid) and order[mid, hi), each sorted by key, into `into` (ties: the first run's element first). */
function mergeRuns(key: Float64Array, order: Uint32Array, into: Uint32Array, lo: number, mid: number, hi: number) {
  let a = lo;
  let b = mid;
  for (let out = lo; out < hi; out++) {
    const takeA = b >= hi || (a < mid && (key[order[a] ?? 0] ?? 0) <= (key[order[b] ?? 0] ?? 0));
    into[out] = (takeA ? order[a++] : order[b++]) ?? 0;
  }
}

/** After a heel strike comes the other foot's toe off; after a toe off, the same foot's heel strike. */
export const follows = ({ side, strike }: GaitEvents, a: number, b: number) =>
  strike[a] === 1 ? strike[b] === 0 && side[b] !== side[a] : strike[b] === 1 && side[b] === side[a];

/** The heel strikes of a stretch, as indices into the events. */
export function strikesOf({ strike }: GaitEvents, { from, to }: Stretch): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) if (strike[i] === 1) out.push(i);
  return out;
}
