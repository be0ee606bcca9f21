/** Turning points of a velocity signal, frame by frame, for the foot velocity algorithm (footVelocityEvents.ts). */

/**
 * The frame of the lowest (sign −1) or highest (sign 1) value within [from, to], if it is a turning point of the
 * whole signal (a frame at the window's edge that is still falling or rising is not the extremum sought).
 */
export function extremeIn(signal: Float64Array, from: number, to: number, sign: 1 | -1): number | undefined {
  const n = signal.length;
  const lo = Math.max(1, Math.ceil(from));
  const hi = Math.min(n - 2, Math.floor(to));
  let best: number | undefined;
  for (let k = lo; k <= hi; k++) {
    if (best === undefined || sign * ((signal[k] ?? 0) - (signal[best] ?? 0)) > 0) best = k;
  }
  if (best === undefined) return undefined;
  const value = sign * (signal[best] ?? 0);
  const turning = value >= sign * (signal[best - 1] ?? 0) && value >= sign * (signal[best + 1] ?? 0);
  return turning ? best : undefined;
}

/**
 * The contact's trough: the last local minimum in [from, to] at least half as deep as the deepest there. The foot
 * also falls fast in mid-swing, and that trough may be the deeper one; but the terminal swing's rise separates the
 * two, and after the contact the foot stands still, so the contact's trough is the last deep one.
 */
export function lastDeepTrough(signal: Float64Array, from: number, to: number): number | undefined {
  const n = signal.length;
  const lo = Math.max(1, Math.ceil(from));
  const hi = Math.min(n - 2, Math.floor(to));
  let deepest = 0;
  for (let k = lo; k <= hi; k++) {
    const v = signal[k] ?? 0;
    if (isTrough(signal, k, v) && v < deepest) deepest = v;
  }
  for (let k = hi; k >= lo; k--) {
    const v = signal[k] ?? 0;
    if (isTrough(signal, k, v) && v <= 0.5 * deepest) return k;
  }
  return undefined;
}

/**
 * Whether frame k, of value v, is a local minimum below zero. At module level rather than a closure in
 * lastDeepTrough: tsx (the server, the benches) names every closure as it is made, a property write per call.
 */
function isTrough(signal: Float64Array, k: number, v: number): boolean {
  return v < 0 && v <= (signal[k - 1] ?? 0) && v <= (signal[k + 1] ?? 0);
}

/** Sorted events, keeping the first of any closer together than `gap` frames (the same contact found twice). */
export function distinct(sorted: number[], gap: number): number[] {
  const out: number[] = [];
  for (const x of sorted) if (out.length === 0 || x - (out.at(-1) ?? 0) >= gap) out.push(x);
  return out;
}
