/**
 * The least-squares misfit of one split in the two-phase regression (twoPhaseRegression.ts), as a function of the
 * contact time. Power sums, about the window's first frame, of the moving frames and the still frames' squared
 * distances are module state rather than an object, so that scoring a split allocates nothing; moving the split by
 * one frame moves one frame's terms from one side to the other.
 */
let p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, q0 = 0, q1 = 0, q2 = 0, movingSquares = 0, stillSquares = 0, origin = 0;

/** Sums for a contact between frames m and m + 1: moving frames are k ≤ m before a heel strike, k > m after a toe off. */
export function gatherSums(distance: Float64Array, measured: Uint8Array, times: Float64Array, lo: number, hi: number, m: number, movingBefore: boolean): void {
  p0 = p1 = p2 = p3 = p4 = q0 = q1 = q2 = movingSquares = stillSquares = 0;
  origin = times[lo] ?? 0;
  for (let k = lo; k <= hi; k++) addFrame(distance, measured, times, k, movingBefore ? k <= m : k > m, 1);
}

/** Split m − 1 → m: frame m changes side (it joins the moving frames before a heel strike, the still ones after a toe off). */
export function moveSplit(distance: Float64Array, measured: Uint8Array, times: Float64Array, m: number, movingBefore: boolean): void {
  addFrame(distance, measured, times, m, movingBefore, 1);
  addFrame(distance, measured, times, m, !movingBefore, -1);
}

function addFrame(distance: Float64Array, measured: Uint8Array, times: Float64Array, k: number, moving: boolean, weight: number): void {
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

/** The misfit for contact time tau, from the sums gathered for its split; each τ costs a few operations. */
export function misfitAt(tau: number, movingBefore: boolean): number {
  const a = tau - origin;
  const aa = a * a;
  // s = τ − t on the moving side before a heel strike, t − τ after a toe off: odd powers change sign.
  const sign = movingBefore ? 1 : -1;
  const s2 = p2 - 2 * a * p1 + aa * p0;
  const s3 = sign * (aa * a * p0 - 3 * aa * p1 + 3 * a * p2 - p3);
  const s4 = p4 - 4 * a * p3 + 6 * aa * p2 - 4 * aa * a * p1 + aa * aa * p0;
  const d1 = sign * (a * q0 - q1);
  const d2 = q2 - 2 * a * q1 + aa * q0;
  return stillSquares + Math.max(0, movingSquares - explainedByApproach(s2, s3, s4, d1, d2, movingBefore));
}

/**
 * Sum of squares explained by the least-squares fit d ≈ u·s + c·s² with u ≥ 0 and c ≥ 0 (the foot moves away from
 * its still position, faster and faster: it decelerates into a heel strike and accelerates out of a toe off), or by
 * c·s² alone (u = 0) when moving after a toe off. A bound-constrained problem in two unknowns: the best of the
 * unconstrained solution, if feasible, and the solutions with one coefficient at its bound.
 */
function explainedByApproach(s2: number, s3: number, s4: number, d1: number, d2: number, withSpeed: boolean): number {
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


const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The minimum of the current split's misfit between a and b (a frame apart at most). */
export function goldenMinimum(a: number, b: number, movingBefore: boolean): number {
  let lo = a;
  let hi = b;
  let x1 = hi - GOLDEN * (hi - lo);
  let x2 = lo + GOLDEN * (hi - lo);
  let f1 = misfitAt(x1, movingBefore);
  let f2 = misfitAt(x2, movingBefore);
  // Seven steps narrow half a frame to half a millisecond, far below the events' scatter of several.
  for (let i = 0; i < 7; i++) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - GOLDEN * (hi - lo);
      f1 = misfitAt(x1, movingBefore);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + GOLDEN * (hi - lo);
      f2 = misfitAt(x2, movingBefore);
    }
  }
  return (lo + hi) / 2;
}
