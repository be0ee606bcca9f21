import type { FootContacts, Footprint } from './stanceFootprints.ts';
import type { Vector } from './progression.ts';

/**
 * Temporal and spatial measures of one foot from its events and the other foot's (definitions of Perry & Burnfield
 * 2010, Gait Analysis: Normal and Pathological Function). A cycle runs from a heel strike to the next of the same
 * foot and counts only if it holds, in order, the other foot's toe off, the other foot's heel strike and this
 * foot's toe off: partial cycles at the ends of a bout and cycles with a missed or extra event are left out.
 */
export type Cycle = {
  /** Bout seconds of the heel strikes that begin and end the cycle, and of its toe off. */
  start: number;
  end: number;
  toeOff: number;
  strideTime: number;
  stanceTime: number;
  stancePercent: number;
  /** Heel strike to the other foot's toe off, and the other foot's heel strike to toe off. */
  initialDoubleSupportPercent: number;
  terminalDoubleSupportPercent: number;
};

/** A step ending with this foot's heel strike; length and width are null when a footprint was not measured. */
export type Step = { strike: number; time: number | null; length: number | null; width: number | null };

/** How far from a strike, in strides, a footprint may lie and still place that foot at the strike. */
const STANCE_REACH = 0.6;
/** How far (strides) the other foot's toe off may come before this heel strike, or its heel strike after this toe off. */
const OVERLAP_SLACK = 0.03;
/** A stride further than this from the typical one hides a missed or false heel strike. */
const STRIDE_RANGE = [0.6, 1.5] as const;

export function gaitCycles(own: FootContacts, other: FootContacts, typicalStride: number): Cycle[] {
  const cycles: Cycle[] = [];
  const strikes = own.heelStrikes;
  for (let i = 0; i + 1 < strikes.length; i++) {
    const start = strikes[i] ?? 0;
    const end = strikes[i + 1] ?? 0;
    const stride = end - start;
    if (!(stride > STRIDE_RANGE[0] * typicalStride && stride < STRIDE_RANGE[1] * typicalStride)) continue;
    const toeOff = onlyEventBetween(own.toeOffs, start, end);
    if (toeOff === undefined) continue;
    // A double support of a few milliseconds (a fast or limping walk) can come out a few milliseconds negative from
    // the events' scatter; walking has no flight phase, so such a cycle counts with that double support at 0.
    const slack = OVERLAP_SLACK * stride;
    const otherToeOff = onlyEventBetween(other.toeOffs, start - slack, toeOff);
    if (otherToeOff === undefined) continue;
    const otherStrike = onlyEventBetween(other.heelStrikes, otherToeOff, toeOff + slack);
    if (otherStrike === undefined) continue;
    const percent = (seconds: number) => (100 * seconds) / stride;
    cycles.push({
      start,
      end,
      toeOff,
      strideTime: stride,
      stanceTime: toeOff - start,
      stancePercent: percent(toeOff - start),
      initialDoubleSupportPercent: percent(Math.max(0, otherToeOff - start)),
      terminalDoubleSupportPercent: percent(Math.max(0, toeOff - otherStrike)),
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

/** Index of the first value greater than t in a sorted list (its length if none). */
function firstAfter(sorted: readonly number[], t: number): number {
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
 * Steps ending with this foot's heel strikes after the bout's first heel strike. Step length is the distance along
 * the direction of progression from the other foot to this one at the strike, step width the distance across it
 * (heel to heel, both feet being on the floor then; Perry & Burnfield 2010); both from the stances' footprints. A
 * step is left unmeasured if either footprint lies more than STANCE_REACH strides from the strike (a stance whose
 * end was missed). Step time runs from the other foot's latest heel strike.
 */
export function footSteps(
  own: FootContacts,
  other: FootContacts,
  firstStrike: number,
  typicalStride: number,
  directionAt: (t: number) => Vector,
  upAt: (t: number) => Vector,
): Step[] {
  const steps: Step[] = [];
  // Both feet's stances are in time order: the other foot's latest stance begun before a strike bears the weight.
  let j = -1;
  for (const stance of own.stances) {
    const strike = stance.heelStrike;
    if (strike === null || !(strike > firstStrike)) continue;
    const previousIndex = firstAfter(other.heelStrikes, strike - 1e-12) - 1;
    const previous = other.heelStrikes[previousIndex];
    const time = previous !== undefined && strike - previous < typicalStride ? strike - previous : null;
    while (j + 1 < other.stances.length && (other.stances[j + 1]?.heelStrike ?? -Infinity) < strike) j++;
    const bearing = other.stances[j];
    const support = bearing !== undefined && (bearing.toeOff ?? Infinity) > strike ? bearing.footprint : null;
    const here = stance.footprint;
    if (!here || !support || !near(here, strike, typicalStride) || !near(support, strike, typicalStride)) {
      steps.push({ strike, time, length: null, width: null });
      continue;
    }
    const d = directionAt(strike);
    const u = upAt(strike);
    // Across the direction of progression, in the floor plane.
    const side = normalise({ x: d.y * u.z - d.z * u.y, y: d.z * u.x - d.x * u.z, z: d.x * u.y - d.y * u.x });
    const gap = between(support, here, strike);
    steps.push({
      strike,
      time,
      length: gap.x * d.x + gap.y * d.y + gap.z * d.z,
      width: Math.abs(gap.x * side.x + gap.y * side.y + gap.z * side.z),
    });
  }
  return steps;
}

const near = (f: Footprint, t: number, stride: number) => Math.abs(t - f.t0) <= STANCE_REACH * stride;

/** Where both feet are at time t (on a moving floor each has slid since its footprint's time), here minus there. */
function between(there: Footprint, here: Footprint, t: number): Vector {
  const a = t - here.t0;
  const b = t - there.t0;
  return {
    x: here.x + here.vx * a - there.x - there.vx * b,
    y: here.y + here.vy * a - there.y - there.vy * b,
    z: here.z + here.vz * a - there.z - there.vz * b,
  };
}

function normalise(v: Vector): Vector {
  const length = Math.hypot(v.x, v.y, v.z) || 1;
  return { x: v.x / length, y: v.y / length, z: v.z / length };
}
