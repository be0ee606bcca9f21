import type { FootContacts } from './contactRefinement.ts';

/**
 * Temporal and spatial metrics of one foot from its events and the other foot's (definitions of Perry &
 * Burnfield 2010, Gait Analysis: Normal and Pathological Function). A cycle runs from a heel strike to the next of the same foot and counts
 * only if it holds, in order, the other foot's toe off and heel strike and this foot's toe off: partial cycles at
 * the ends of a bout and cycles with a missed event are left out.
 */
/** One complete gait cycle of one foot: stride time in seconds, phases in percent of it. */
/** How far from a strike, in strides, a stance fit may lie and still place that foot at the strike. */
const STANCE_REACH = 0.6;

export type Cycle = { strideTime: number; stancePercent: number; doubleSupportPercent: number };

export function gaitCycles(own: FootContacts, other: FootContacts, typicalStride: number, exactOnly: boolean): Cycle[] {
  const cycles: Cycle[] = [];
  const strikes = own.heelStrikes;
  for (let i = 0; i + 1 < strikes.length; i++) {
    const start = strikes[i] ?? 0;
    const end = strikes[i + 1] ?? 0;
    const stride = end - start;
    // A stride far from the typical one hides a missed or false heel strike.
    if (!(stride > 0.6 * typicalStride && stride < 1.5 * typicalStride)) continue;
    const toeOff = onlyEventBetween(own.toeOffs, start, end);
    if (toeOff === undefined) continue;
    const otherToeOff = onlyEventBetween(other.toeOffs, start, toeOff);
    if (otherToeOff === undefined) continue;
    const otherStrike = onlyEventBetween(other.heelStrikes, otherToeOff, toeOff);
    if (otherStrike === undefined) continue;
    const guessed =
      [start, end, toeOff].some((t) => own.guessed.has(t)) ||
      other.guessed.has(otherToeOff) ||
      other.guessed.has(otherStrike);
    if (exactOnly && guessed) continue;
    cycles.push({
      strideTime: stride,
      stancePercent: (100 * (toeOff - start)) / stride,
      doubleSupportPercent: (100 * (otherToeOff - start + (toeOff - otherStrike))) / stride,
    });
  }
  return cycles;
}

/** The single event strictly between from and to, or undefined if there is none or more than one. */
function onlyEventBetween(sorted: number[], from: number, to: number): number | undefined {
  const first = firstAfter(sorted, from);
  const event = sorted[first];
  if (event === undefined || event >= to) return undefined;
  const next = sorted[first + 1];
  return next !== undefined && next < to ? undefined : event;
}

function firstAfter(sorted: number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Steps that end with this foot's heel strikes after the bout's first heel strike. Step length is the distance
 * from the other foot to this one along the direction of progression at the strike, both feet being on the floor
 * then; each foot's position comes from its fit over mid-stance, which averages the sensor's jitter away. A step is
 * left unmeasured if either fit lies more than STANCE_REACH strides from the strike (a stance whose end was missed).
 */
export function stepLengths(
  own: FootContacts,
  other: FootContacts,
  firstStrike: number,
  typicalStride: number,
  directionAt: (t: number) => { x: number; y: number; z: number },
): { steps: number; lengths: number[] } {
  const sums = { steps: 0, lengths: [] as number[] };
  let j = -1;
  for (const stance of own.stances) {
    const strike = stance.heelStrike;
    if (strike === null || !(strike > firstStrike)) continue;
    sums.steps++;
    // Both lists are in time order: the other foot's latest stance begun before this strike bears the weight.
    while (j + 1 < other.stances.length && (other.stances[j + 1]?.heelStrike ?? -Infinity) < strike) j++;
    const support = other.stances[j];
    const here = stance.floor;
    const there = support !== undefined && (support.toeOff ?? Infinity) > strike ? support.floor : null;
    if (here === null || there === null) continue;
    const a = strike - here.t0;
    const b = strike - there.t0;
    if (Math.abs(a) > STANCE_REACH * typicalStride || Math.abs(b) > STANCE_REACH * typicalStride) continue;
    const d = directionAt(strike);
    // Both feet where they are at the strike: on a moving floor each has slid since its stance average.
    sums.lengths.push(
      (here.x + here.vx * a - there.x - there.vx * b) * d.x +
        (here.y + here.vy * a - there.y - there.vy * b) * d.y +
        (here.z + here.vz * a - there.z - there.vz * b) * d.z,
    );
  }
  return sums;
}
