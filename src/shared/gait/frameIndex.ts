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
 * parabola's pull toward its broad side. Searched within a frame either side of k.
 */
export function splineExtremum(signal: Float64Array, k: number): number {
  const n = signal.length;
  const at = (i: number) => signal[Math.max(0, Math.min(n - 1, i))] ?? 0;
  const value = (x: number) => {
    const i = Math.floor(x);
    const t = x - i;
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    return (
      0.5 * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (3 * p1 - p0 - 3 * p2 + p3) * t * t * t)
    );
  };
  const sign = at(k) >= at(k - 1) && at(k) >= at(k + 1) ? 1 : -1;
  let best = k;
  let bestValue = sign * at(k);
  const from = Math.max(0, k - 1);
  const to = Math.min(n - 1, k + 1);
  for (let x = from; x <= to; x += 1 / 64) {
    const v = sign * value(x);
    if (v > bestValue) {
      bestValue = v;
      best = x;
    }
  }
  return best;
}
