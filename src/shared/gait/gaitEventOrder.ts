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
  const order = Uint32Array.from({ length: count }, (_, j) => j).sort((a, b) => (key[a] ?? 0) - (key[b] ?? 0) || a - b);
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

/** After a heel strike comes the other foot's toe off; after a toe off, the same foot's heel strike. */
export const follows = ({ side, strike }: GaitEvents, a: number, b: number) =>
  strike[a] === 1 ? strike[b] === 0 && side[b] !== side[a] : strike[b] === 1 && side[b] === side[a];

/** The heel strikes of a stretch, as indices into the events. */
export function strikesOf({ strike }: GaitEvents, { from, to }: Stretch): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) if (strike[i] === 1) out.push(i);
  return out;
}
