import { trimmedMean } from './orderStatistics.ts';

/**
 * The least-squares misfit of one split in the two-phase regression (twoPhaseRegression.ts), as a function of the
 * contact time. Power sums, about the window's first frame, of the moving frames and the still frames' squared
 * distances are module state rather than an object, so that scoring a split allocates nothing; moving the split by
 * one frame moves one frame's terms from one side to the other.
 */
let p0 = 0,
  p1 = 0,
  p2 = 0,
  p3 = 0,
  p4 = 0,
  q0 = 0,
  q1 = 0,
  q2 = 0,
  movingSquares = 0,
  stillSquares = 0,
  origin = 0;

/** Sums for a contact between frames m and m + 1: moving frames are k ≤ m before a heel strike, k > m after a toe off. */
export function gatherSums(
  distance: Float64Array,
  measured: Uint8Array,
  times: Float64Array,
  lo: number,
  hi: number,
  m: number,
  movingBefore: boolean,
): void {
  p0 = p1 = p2 = p3 = p4 = q0 = q1 = q2 = movingSquares = stillSquares = 0;
  origin = times[lo] ?? 0;
  for (let k = lo; k <= hi; k++) addFrame(distance, measured, times, k, movingBefore ? k <= m : k > m, 1);
}

/** Split m − 1 → m: frame m changes side (it joins the moving frames before a heel strike, the still ones after a toe off). */
export function moveSplit(
  distance: Float64Array,
  measured: Uint8Array,
  times: Float64Array,
  m: number,
  movingBefore: boolean,
): void {
  addFrame(distance, measured, times, m, movingBefore, 1);
  addFrame(distance, measured, times, m, !movingBefore, -1);
}

function addFrame(
  distance: Float64Array,
  measured: Uint8Array,
  times: Float64Array,
  k: number,
  moving: boolean,
  weight: number,
): void {
  // Filled-in samples are not measurements: they carry no weight.
  if (measured[k] === 0) return;
  const d = distance[k] ?? 0;
  if (!moving) {
    stillSquares += weight * d * d;
    return;
  }
  const w = (times[k] ?? 0) - origin;
  const ww = w * w;
  p0 += weight;
  p1 += weight * w;
  p2 += weight * ww;
  p3 += weight * ww * w;
  p4 += weight * ww * ww;
  q0 += weight * d;
  q1 += weight * d * w;
  q2 += weight * d * ww;
  movingSquares += weight * d * d;
}

/**
 * The approach's power sums about a contact time τ, s being the time from τ on the moving side and d the distance
 * from the still position: Σs², Σs³, Σs⁴, Σd·s, Σd·s². With them a foot's contacts can share one coefficient
 * (sharedCoefficient below).
 */
export type ApproachMoments = { s2: number; s3: number; s4: number; d1: number; d2: number };

/** The moments about τ from the sums gathered for its split, into out. */
export function momentsAt(tau: number, movingBefore: boolean, out: ApproachMoments): ApproachMoments {
  const a = tau - origin;
  const aa = a * a;
  // s = τ − t on the moving side before a heel strike, t − τ after a toe off: odd powers change sign.
  const sign = movingBefore ? 1 : -1;
  out.s2 = p2 - 2 * a * p1 + aa * p0;
  out.s3 = sign * (aa * a * p0 - 3 * aa * p1 + 3 * a * p2 - p3);
  out.s4 = p4 - 4 * a * p3 + 6 * aa * p2 - 4 * aa * a * p1 + aa * aa * p0;
  out.d1 = sign * (a * q0 - q1);
  out.d2 = q2 - 2 * a * q1 + aa * q0;
  return out;
}

const moments: ApproachMoments = { s2: 0, s3: 0, s4: 0, d1: 0, d2: 0 };

/**
 * The misfit for contact time tau, from the sums gathered for its split; each τ costs a few operations. `shared` is
 * the foot's common landing speed (heel strike) or take-off curvature (toe off), or NaN for this contact's own.
 */
export function misfitAt(tau: number, movingBefore: boolean, shared: number): number {
  const { s2, s3, s4, d1, d2 } = momentsAt(tau, movingBefore, moments);
  return stillSquares + Math.max(0, movingSquares - explainedByApproach(s2, s3, s4, d1, d2, movingBefore, shared));
}

/**
 * Sum of squares explained by the least-squares fit d ≈ u·s + c·s² with u ≥ 0 and c ≥ 0 (the foot moves away from
 * its still position, faster and faster: it decelerates into a heel strike and accelerates out of a toe off), or by
 * c·s² alone (u = 0) when moving after a toe off. A bound-constrained problem in two unknowns: the best of the
 * unconstrained solution, if feasible, and the solutions with one coefficient at its bound. A shared coefficient
 * (finite `shared`) is taken as given: the landing speed u at a heel strike, the curvature c at a toe off.
 */
function explainedByApproach(
  s2: number,
  s3: number,
  s4: number,
  d1: number,
  d2: number,
  withSpeed: boolean,
  shared: number,
): number {
  if (Number.isFinite(shared)) {
    if (!withSpeed) return 2 * shared * d2 - shared * shared * s4;
    // What u·s leaves of d is for c·s², c ≥ 0.
    const rest = d2 - shared * s3;
    const curvature = rest > 0 && s4 > 0 ? rest / s4 : 0;
    return 2 * shared * d1 - shared * shared * s2 + curvature * rest;
  }
  const curvatureOnly = s4 > 0 && d2 > 0 ? (d2 * d2) / s4 : 0;
  if (!withSpeed) return curvatureOnly;
  const determinant = s2 * s4 - s3 * s3;
  if (determinant > 1e-30) {
    const u = (d1 * s4 - d2 * s3) / determinant;
    const c = (s2 * d2 - s3 * d1) / determinant;
    if (u >= 0 && c >= 0) return u * d1 + c * d2;
  }
  const speedOnly = s2 > 0 && d1 > 0 ? (d1 * d1) / s2 : 0;
  return Math.max(speedOnly, curvatureOnly);
}

/**
 * The coefficient a foot's contacts share, from each contact's moments about the time it was fitted to on its own:
 * the interquartile mean of their own least-squares landing speeds u (heel strikes) or take-off curvatures c (toe
 * offs). A joint least-squares fit would be the textbook answer, but with a contact time per stride to fit as well it
 * is biased (the incidental-parameter problem of Neyman & Scott 1948, Econometrica 16:1–32); the robust mean of the
 * individual fits is not, and ignores the strides whose fit slid along the u–τ trade-off. NaN if fewer than
 * MIN_SHARING contacts were fitted or the value is not positive.
 */
export function sharedCoefficient(all: readonly ApproachMoments[], withSpeed: boolean): number {
  const own: number[] = [];
  for (const { s2, s3, s4, d1, d2 } of all) {
    const determinant = s2 * s4 - s3 * s3;
    const value = withSpeed ? (d1 * s4 - d2 * s3) / determinant : d2 / s4;
    if (Number.isFinite(value)) own.push(value);
  }
  if (own.length < MIN_SHARING) return NaN;
  const value = trimmedMean(own, 0.25);
  return value > 0 ? value : NaN;
}

/** Fewer fitted contacts than this keep their own approach: a robust mean needs a few to work on. */
const MIN_SHARING = 4;

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The minimum of the current split's misfit between a and b (a frame apart at most). */
export function goldenMinimum(a: number, b: number, movingBefore: boolean, shared: number): number {
  let lo = a;
  let hi = b;
  let x1 = hi - GOLDEN * (hi - lo);
  let x2 = lo + GOLDEN * (hi - lo);
  let f1 = misfitAt(x1, movingBefore, shared);
  let f2 = misfitAt(x2, movingBefore, shared);
  // Seven steps narrow half a frame to half a millisecond, far below the events' scatter of several.
  for (let i = 0; i < 7; i++) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - GOLDEN * (hi - lo);
      f1 = misfitAt(x1, movingBefore, shared);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + GOLDEN * (hi - lo);
      f2 = misfitAt(x2, movingBefore, shared);
    }
  }
  return (lo + hi) / 2;
}
