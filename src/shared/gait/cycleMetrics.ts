import type { Side } from './gaitResult.ts';
import type { Footprint } from './stanceFootprints.ts';
import type { TimedStep } from './walkSequence.ts';
import type { Vector } from './progression.ts';

/**
 * Spatial measures of one foot's steps (definitions of Perry & Burnfield 2010, Gait Analysis: Normal and Pathological
 * Function); the cycles' temporal measures are in gaitCycles.ts.
 */

/** A step ending with this foot's heel strike; length and width are null when a footprint was not measured. */
export type Step = { strike: number; time: number; length: number | null; width: number | null };

/**
 * How far a point on the floor moves in camera space between two bout times: nothing on a still floor; on a
 * treadmill or under a turning sensor, the walker's travel against the floor at the walking speed. One floor
 * speed for every footprint, rather than each stance's own few frames, so that a step is as steady as the speed.
 */
export type FloorTravel = (from: number, to: number) => Vector;

/** How far from a strike, in strides, a footprint may lie and still place that foot at the strike. */
const STANCE_REACH = 0.6;

/**
 * Step length is the distance along the direction of progression from the other foot to this one at the strike,
 * step width the distance across it from heel to heel (both feet being on the floor then; Perry & Burnfield 2010),
 * from their heels alone (a toe turned out is not a wider step); both from the stances' footprints and both
 * horizontal (y is vertical: docs/joint-data.md), so that a step up a slope or down a stair is as long as its
 * footprint on a plan. A step is left unmeasured if either footprint lies more than STANCE_REACH strides from the
 * strike (a stance whose end was missed).
 */
export function measureSteps(
  steps: readonly TimedStep[],
  side: Side,
  typicalStride: number,
  directionAt: (t: number) => Vector,
  travel: FloorTravel,
): Step[] {
  const out: Step[] = [];
  for (const { side: foot, strike, time, own, support } of steps) {
    if (foot !== side) continue;
    const here = own?.footprint;
    const there = support?.footprint;
    if (!here || !there || !near(here, strike, typicalStride) || !near(there, strike, typicalStride)) {
      out.push({ strike, time, length: null, width: null });
      continue;
    }
    // The direction of progression on the horizontal plane, and square to it there.
    const d = directionAt(strike);
    const along = Math.hypot(d.x, d.z) || 1;
    const [ax, az] = [d.x / along, d.z / along];
    const gap = between(there, here, strike, travel);
    // Heel markers where both footprints have them (C3D trials), else the Ankle joints (Kinect's heel).
    const markers = here.heelMarker !== null && there.heelMarker !== null;
    const heels = between(there, here, strike, travel, (f) => (markers ? f.heelMarker : null) ?? f.heel);
    out.push({ strike, time, length: gap.x * ax + gap.z * az, width: Math.abs(heels.z * ax - heels.x * az) });
  }
  return out;
}

const near = (f: Footprint, t: number, stride: number) => Math.abs(t - f.t0) <= STANCE_REACH * stride;

/**
 * Where both feet are at time t (on a moving floor each has slid since its footprint's time), here minus there:
 * the footprints' means, or the point of the foot `point` picks.
 */
function between(
  there: Footprint,
  here: Footprint,
  t: number,
  travel: FloorTravel,
  point: (f: Footprint) => Vector = (f) => f,
): Vector {
  const a = travel(here.t0, t);
  const b = travel(there.t0, t);
  const [p, q] = [point(here), point(there)];
  return {
    x: p.x + a.x - q.x - b.x,
    y: p.y + a.y - q.y - b.y,
    z: p.z + a.z - q.z - b.z,
  };
}
