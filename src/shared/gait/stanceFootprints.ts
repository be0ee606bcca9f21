import type { FootSignals } from './jointTrack.ts';
import { fit, heelFit, markerFit, T0, toeFit, VX, VY, VZ, X, Y, Z } from './footprintFit.ts';
import { timeAtIndex } from './frameIndex.ts';
import type { FootEventIndices } from './footVelocityEvents.ts';
import type { Vector } from './progression.ts';

/**
 * Where each stance of a foot stood: the mean of its Ankle and Foot joints over foot flat, from a tenth to a
 * quarter of a stride after heel strike (Perry & Burnfield 2010: the foot is flat from the end of loading response,
 * about 10% of the cycle, until the heel rises, from about a quarter to 31% of the cycle). Both feet are measured at the same point of
 * the foot, so the distance between two footprints along the walk is the heel-to-heel step. Across the walk the
 * heel alone counts (`heel`: the Ankle joint, the engine's heel; `heelMarker` where the source has one): a foot turned out carries its toe, and the mean
 * with it, sideways, so that the mean would widen the step by the toe-out. The sensor's jitter averages away over
 * the window; on a moving floor (treadmill, turning sensor) a line per axis also gives the floor's velocity.
 * Frames at the window's edges count in proportion to how much of them it covers, so that its boundaries, which
 * are not whole frames, move the answer continuously.
 */
export type Footprint = {
  x: number;
  y: number;
  z: number;
  /** Zero on a still floor. */
  vx: number;
  vy: number;
  vz: number;
  /** The heel's position at t0 (the Ankle joint over its foot-flat window), for step width. */
  heel: Vector;
  /** The source's heel marker over the same window (a C3D trial's LHEE, RHEE), or null: Kinect has no heel joint. */
  heelMarker: Vector | null;
  /** Bout seconds the position refers to, and the span it was averaged over. */
  t0: number;
  from: number;
  to: number;
};
export type Stance = { heelStrike: number | null; toeOff: number | null; footprint: Footprint | null };
/** A foot's events in bout seconds, in time order, and its stances (a heel strike with the toe off that ends it). */
export type FootContacts = { heelStrikes: number[]; toeOffs: number[]; stances: Stance[] };

const FLAT_FROM = 0.1;
const FLAT_TO = 0.25;
/** Before toe off the heel has risen: the window ends this much of a stride before it at the latest. */
const BEFORE_TOE_OFF = 0.05;
/**
 * The forefoot stays put longer than the heel: the foot pivots about it from heel rise until pre-swing (Perry &
 * Burnfield 2010, the forefoot rocker), and the Foot joint, a few centimetres behind and above the pivot, moves by
 * under half a centimetre until 0.4 of the stride. Its longer window measures a moving floor's velocity three
 * times as steadily as the heel's.
 */
const TOE_FLAT_TO = 0.4;
/** Where the foot was not seen at foot flat, the whole stance but its first and last moments. */
const WIDE = [0.05, 0.45] as const;
const TOE_BEFORE_TOE_OFF = 0.15;
/** With no heel strike seen, foot flat is this far before toe off (a stance lasts about 0.6 of a stride). */
const FLAT_BEFORE_TOE_OFF = [0.5, 0.35] as const;

export function footContacts(
  foot: FootSignals,
  times: Float64Array,
  n: number,
  strideFrames: number,
  events: FootEventIndices,
  movingFloor: boolean,
): FootContacts {
  const at = (index: number) => timeAtIndex(times, n, index);
  const stances = pairStances(events.heelStrikes, events.toeOffs).map(([strike, off]): Stance => {
    let from: number;
    let to: number;
    let toeTo: number;
    if (strike !== null) {
      from = strike + FLAT_FROM * strideFrames;
      to = strike + FLAT_TO * strideFrames;
      toeTo = strike + TOE_FLAT_TO * strideFrames;
      if (off !== null) to = Math.min(to, off - BEFORE_TOE_OFF * strideFrames);
      if (off !== null) toeTo = Math.min(toeTo, off - TOE_BEFORE_TOE_OFF * strideFrames);
    } else {
      from = (off ?? 0) - FLAT_BEFORE_TOE_OFF[0] * strideFrames;
      to = (off ?? 0) - FLAT_BEFORE_TOE_OFF[1] * strideFrames;
      toeTo = to;
    }
    from = Math.max(0, from);
    to = Math.min(n - 1, to);
    toeTo = Math.min(n - 1, Math.max(to, toeTo));
    let print = to - from >= 1 ? footprint(foot, times, n, from, to, toeTo, movingFloor) : null;
    if (print === null && strike !== null) {
      // The sensor lost the foot at foot flat (Kinect, after a turn): any of the stance it saw is better than none.
      const wideFrom = Math.max(0, strike + WIDE[0] * strideFrames);
      let wideTo = strike + WIDE[1] * strideFrames;
      if (off !== null) wideTo = Math.min(wideTo, off - BEFORE_TOE_OFF * strideFrames);
      wideTo = Math.min(n - 1, wideTo);
      if (wideTo - wideFrom >= 1) print = footprint(foot, times, n, wideFrom, wideTo, wideTo, movingFloor);
    }
    return {
      heelStrike: strike === null ? null : at(strike),
      toeOff: off === null ? null : at(off),
      footprint: print,
    };
  });
  return {
    heelStrikes: events.heelStrikes.map(at),
    toeOffs: events.toeOffs.map(at),
    stances,
  };
}

/** Each heel strike with the toe off that follows before the next heel strike; a leading toe off ends a stance begun before the data. */
function pairStances(strikes: number[], offs: number[]): [number | null, number | null][] {
  const pairs: [number | null, number | null][] = [];
  let j = 0;
  if ((offs[0] ?? Infinity) < (strikes[0] ?? Infinity)) pairs.push([null, offs[j++] ?? null]);
  for (let i = 0; i < strikes.length; i++) {
    const strike = strikes[i] ?? 0;
    while (j < offs.length && (offs[j] ?? 0) <= strike) j++;
    const off = j < offs.length && (offs[j] ?? 0) < (strikes[i + 1] ?? Infinity) ? (offs[j++] ?? null) : null;
    pairs.push([strike, off]);
  }
  return pairs;
}

/** Weighted least squares over [from, to] (fractional frames) of the mean of heel and toe; null if too little was measured. */
function footprint(
  foot: FootSignals,
  times: Float64Array,
  n: number,
  from: number,
  to: number,
  toeTo: number,
  moving: boolean,
): Footprint | null {
  if (!fit(foot.heel, times, n, from, to, moving, heelFit) || !fit(foot.toe, times, n, from, toeTo, moving, toeFit))
    return null;
  const t0 = ((heelFit[T0] ?? 0) + (toeFit[T0] ?? 0)) / 2;
  // Every fit carried to the common reference time, at the floor's velocity from the toe's longer window.
  const heel = carried(heelFit, t0);
  // The toe's offset added after the heel's position, in this order: the recorded answers are bit for bit.
  const dt = t0 - (toeFit[T0] ?? 0);
  const heelMarker =
    foot.heelMarker !== undefined && fit(foot.heelMarker, times, n, from, to, moving, markerFit)
      ? carried(markerFit, t0)
      : null;
  return {
    x: (heel.x + (toeFit[X] ?? 0) + (toeFit[VX] ?? 0) * dt) / 2,
    y: (heel.y + (toeFit[Y] ?? 0) + (toeFit[VY] ?? 0) * dt) / 2,
    z: (heel.z + (toeFit[Z] ?? 0) + (toeFit[VZ] ?? 0) * dt) / 2,
    heel,
    heelMarker,
    vx: toeFit[VX] ?? 0,
    vy: toeFit[VY] ?? 0,
    vz: toeFit[VZ] ?? 0,
    t0,
    from: timeAtIndex(times, n, from),
    to: timeAtIndex(times, n, toeTo),
  };
}

/** A fit's position carried from its own reference time to t0 at the toe's velocity (toeFit, fitted first). */
function carried(into: Float64Array, t0: number): Vector {
  const dt = t0 - (into[T0] ?? 0);
  return {
    x: (into[X] ?? 0) + (toeFit[VX] ?? 0) * dt,
    y: (into[Y] ?? 0) + (toeFit[VY] ?? 0) * dt,
    z: (into[Z] ?? 0) + (toeFit[VZ] ?? 0) * dt,
  };
}
