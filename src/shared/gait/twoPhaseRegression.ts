import type { JointTrack } from './boutSignals.ts';
import { firstFrameFrom } from './frameSearch.ts';
import { gatherSums, goldenMinimum, misfitAt, momentsAt, moveSplit, type ApproachMoments } from './splitMisfit.ts';

/** A joint's trajectory over one bout, the typical stride (s); scratch holds n numbers. */
export type Trajectory = { joint: JointTrack; times: Float64Array; n: number; stride: number; scratch: Float64Array };
export type ContactEvent = 'heel-strike' | 'toe-off';
/**
 * Where the joint rests on the floor: position (m) at time t0 (s), velocity (m/s: zero on a still floor, the belt's
 * on a moving one) and the per-axis variance of its jitter there (m²).
 */
export type Still = {
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  t0: number;
  variance: number;
};
/** 'coarse' scores frame times and midpoints; 'precise' also minimises between frames. */
type Search = 'coarse' | 'precise';

/**
 * Data fitted beyond the search range on the moving side of a contact, as a fraction of the stride and at most a
 * duration: the late swing while the foot decelerates onto the floor, the early swing while the toe accelerates
 * away. Longer spans average more jitter but stretch the quadratic beyond where it describes the foot.
 */
const MOVING_SPAN: Record<ContactEvent, { ofStride: number; max: number }> = {
  'heel-strike': { ofStride: 0.15, max: 0.2 },
  'toe-off': { ofStride: 0.1, max: 0.12 },
};
const STILL_SPAN = 0.1;

/**
 * Two-phase regression (Hinkley 1971, J Am Stat Assoc 66:736–743) for the time τ in [from, to] at which the heel
 * joins its still position (heel strike) or the toe leaves it (toe off). Along the direction from the still position
 * to the moving joint, the distance is 0 on the still side and u·s + c·s² on the moving side, s being the time from
 * τ. At heel strike the floor may stop the foot abruptly, so u ≥ 0 is free; at toe off nothing can jerk the foot off
 * the floor, its velocity is continuous and starts from rest, so u = 0. All candidates are scored on the same
 * frames, so the least-squares misfit is continuous in τ, and is minimised between frames by golden-section search.
 * A finite `shared` fixes u (heel strike) or c (toe off) at the value the foot's other contacts share. The approach's
 * moments about the answer go into `out`. Undefined if the joint never clearly moves away.
 */
function contactTime(
  track: Trajectory,
  still: Still,
  from: number,
  to: number,
  event: ContactEvent,
  search: Search,
  shared: number,
  out: ApproachMoments,
): number | undefined {
  const { times, n, stride, scratch: distance } = track;
  const { position: foot, measured } = track.joint;
  const movingBefore = event === 'heel-strike';
  const span = Math.min(MOVING_SPAN[event].max, MOVING_SPAN[event].ofStride * stride);
  const lo = Math.min(n - 1, firstFrameFrom(times, n, from - (movingBefore ? span : STILL_SPAN)));
  const hi = Math.max(lo, firstFrameFrom(times, n, to + (movingBefore ? STILL_SPAN : span) + 1e-9) - 1);
  // Distances are measured toward the joint at the far end of the moving side.
  let far = movingBefore ? lo : hi;
  while (measured[far] === 0 && far > lo && far < hi) far += movingBefore ? 1 : -1;
  const farTime = (times[far] ?? 0) - still.t0;
  const wx = (foot[3 * far] ?? 0) - still.x - still.vx * farTime;
  const wy = (foot[3 * far + 1] ?? 0) - still.y - still.vy * farTime;
  const wz = (foot[3 * far + 2] ?? 0) - still.z - still.vz * farTime;
  const reach = Math.hypot(wx, wy, wz);
  if (!(reach > 0.01 + 4 * Math.sqrt(still.variance))) return undefined;
  let usable = 0;
  for (let k = lo; k <= hi; k++) {
    usable += measured[k] ?? 0;
    const t = (times[k] ?? 0) - still.t0;
    const dx = (foot[3 * k] ?? 0) - still.x - still.vx * t;
    const dy = (foot[3 * k + 1] ?? 0) - still.y - still.vy * t;
    const dz = (foot[3 * k + 2] ?? 0) - still.z - still.vz * t;
    distance[k] = (dx * wx + dy * wy + dz * wz) / reach;
  }
  if (usable < 5) return undefined;
  let best: number | undefined;
  let bestSplit = -1;
  let bestMisfit = Infinity;
  const firstSplit = Math.max(lo, firstFrameFrom(times, n, from) - 1);
  gatherSums(distance, measured, times, lo, hi, firstSplit, movingBefore);
  let m = firstSplit;
  for (; m < hi && (times[m] ?? 0) <= to; m++) {
    if (m > firstSplit) moveSplit(distance, measured, times, m, movingBefore);
    const a = Math.max(from, times[m] ?? 0);
    const b = Math.min(to, times[m + 1] ?? 0);
    if (!(b >= a)) continue;
    // Each interval's end is the next one's start, so only the last interval scores its end.
    const ends = b >= to || m + 1 >= hi ? 3 : 2;
    for (let i = 0; i < 4; i++) {
      if ((i === 2 && ends === 2) || (i === 3 && search === 'coarse')) continue;
      const tau = i === 0 ? a : i === 1 ? (a + b) / 2 : i === 2 ? b : goldenMinimum(a, b, movingBefore, shared);
      const value = misfitAt(tau, movingBefore, shared);
      if (value < bestMisfit) {
        bestMisfit = value;
        best = tau;
        bestSplit = m;
      }
    }
  }
  if (best === undefined) return undefined;
  // The loop left the sums of its last split; the answer's may be an earlier one.
  if (bestSplit !== m - 1) gatherSums(distance, measured, times, lo, hi, bestSplit, movingBefore);
  momentsAt(best, movingBefore, out);
  return best;
}

/**
 * Seconds between Zeni's event and the still-position average: the true contact lies in that gap, since Zeni's heel
 * strike comes before the heel lands and Zeni's toe off after the toe leaves.
 */
export const CORE_MARGIN = 0.1;

/**
 * The contact near Zeni's estimate: the whole gap between it and the still average (and a frame and a half beyond
 * Zeni's side) searched coarsely, then precisely within half a frame of the first answer. `shared` and `out` as for
 * contactTime.
 */
export function locateContact(
  track: Trajectory,
  still: Still,
  zeni: number,
  event: ContactEvent,
  dt: number,
  shared: number,
  out: ApproachMoments,
): number | undefined {
  const [from, to] =
    event === 'heel-strike' ? [zeni - 1.5 * dt, zeni + CORE_MARGIN] : [zeni - CORE_MARGIN, zeni + 1.5 * dt];
  const first = contactTime(track, still, from, to, event, 'coarse', shared, out);
  return first === undefined
    ? undefined
    : (contactTime(track, still, first - dt / 2, first + dt / 2, event, 'precise', shared, out) ?? first);
}
