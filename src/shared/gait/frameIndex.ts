/**
 * The engine works in frame-index space: filters, derivatives, windows and peak interpolation use the frame
 * number and the bout's mean frame rate, and only the answers are turned into times, by interpolating the frames'
 * timestamps. So a recording whose timestamps are rounded to the millisecond, or jitter by a few, gives the same
 * events to within that rounding: no window boundary is decided by comparing timestamps.
 */

/** The time at a fractional frame index, linearly between the frames' timestamps (clamped to the bout). */
export function timeAtIndex(times: Float64Array, n: number, index: number): number {
  if (n === 0) return 0;
  if (!(index > 0)) return times[0] ?? 0;
  if (index >= n - 1) return times[n - 1] ?? 0;
  const k = Math.floor(index);
  const t0 = times[k] ?? 0;
  return t0 + (index - k) * ((times[k + 1] ?? t0) - t0);
}

/** The fractional frame index at time t (the inverse of timeAtIndex), by bisection. */
export function indexAtTime(times: Float64Array, n: number, t: number): number {
  if (n === 0 || !(t > (times[0] ?? 0))) return 0;
  if (t >= (times[n - 1] ?? 0)) return n - 1;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) <= t) lo = mid;
    else hi = mid;
  }
  const t0 = times[lo] ?? 0;
  const span = (times[hi] ?? t0) - t0;
  return lo + (span > 0 ? (t - t0) / span : 0);
}

/**
 * The fractional index of the extremum at frame k: the vertex of the parabola through k and its neighbours, kept
 * within half a frame of k.
 */
export function parabolicVertex(signal: Float64Array, k: number): number {
  const a = signal[k - 1];
  const b = signal[k] ?? 0;
  const c = signal[k + 1];
  if (a === undefined || c === undefined) return k;
  const curvature = a - 2 * b + c;
  if (curvature === 0) return k;
  return k + Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curvature));
}

/**
 * The fractional index of the extremum at frame k, on the Catmull-Rom spline through the samples (Catmull & Rom
 * 1974): a peak that is not symmetric, as a foot's velocity at contact is not, is placed between frames without the
 * parabola's pull toward its broad side. The spline is cubic between frames, so its turning points within a frame
 * either side of k are the roots of a quadratic.
 */
export function splineExtremum(signal: Float64Array, k: number): number {
  const n = signal.length;
  const sign =
    clampedSample(signal, n, k) >= clampedSample(signal, n, k - 1) &&
    clampedSample(signal, n, k) >= clampedSample(signal, n, k + 1)
      ? 1
      : -1;
  let best = k;
  let bestValue = sign * clampedSample(signal, n, k);
  // The samples put the extremum between k and its neighbour nearer to it in value; beyond the other the spline can
  // overshoot the samples by a false turning point (docs/gait-metrics.md, "A rounded clock").
  const before = sign * clampedSample(signal, n, k - 1);
  const after = sign * clampedSample(signal, n, k + 1);
  const first = Math.max(0, after > before ? k : k - 1);
  const last = Math.min(n - 2, before > after ? k - 1 : k);
  for (let i = first; i <= last; i++) {
    // Plain locals throughout: destructured arrays would cost allocations per event.
    const p0 = clampedSample(signal, n, i - 1);
    const p1 = clampedSample(signal, n, i);
    const p2 = clampedSample(signal, n, i + 1);
    const p3 = clampedSample(signal, n, i + 2);
    // y(t) = p1 + b t + c t² + d t³ on [0, 1].
    const b = 0.5 * (p2 - p0);
    const c = 0.5 * (2 * p0 - 5 * p1 + 4 * p2 - p3);
    const d = 0.5 * (3 * p1 - p0 - 3 * p2 + p3);
    // Turning points: roots of y'(t) = 3d t² + 2c t + b.
    const qa = 3 * d;
    const qb = 2 * c;
    const qc = b;
    let roots = 0;
    let r1 = 0;
    let r2 = 0;
    if (Math.abs(qa) < 1e-15) {
      if (Math.abs(qb) >= 1e-15) {
        roots = 1;
        r1 = -qc / qb;
      }
    } else {
      const discriminant = qb * qb - 4 * qa * qc;
      if (discriminant >= 0) {
        const root = Math.sqrt(discriminant);
        roots = 2;
        r1 = (-qb - root) / (2 * qa);
        r2 = (-qb + root) / (2 * qa);
      }
    }
    for (let r = 0; r < roots; r++) {
      const t = r === 0 ? r1 : r2;
      if (!(t > 0 && t < 1)) continue;
      const value = sign * (p1 + t * (b + t * (c + t * d)));
      if (value > bestValue) {
        bestValue = value;
        best = i + t;
      }
    }
  }
  return best;
}

/** The sample at frame i, held at the ends; a module function, so that no closure is made per event. */
function clampedSample(signal: Float64Array, n: number, i: number): number {
  return signal[Math.max(0, Math.min(n - 1, i))] ?? 0;
}
