import type { JointTrack } from './jointTrack.ts';

/**
 * Weighted least squares of one joint's position over a window of fractional frames (stanceFootprints.ts): its mean
 * position and, on a moving floor, a line per axis for the floor's velocity. Frames at the window's edges count in
 * proportion to how much of them it covers.
 */

/** Where a fit puts its answer: position, the floor's velocity and the reference time, in a reused array. */
export const X = 0;
export const Y = 1;
export const Z = 2;
export const VX = 3;
export const VY = 4;
export const VZ = 5;
export const T0 = 6;
export const heelFit = new Float64Array(7);
export const toeFit = new Float64Array(7);
export const markerFit = new Float64Array(7);

/** The fit of one joint over the window into `into` (X … T0); false if too little of it was measured. */
export function fit(
  { position, measured }: JointTrack,
  times: Float64Array,
  n: number,
  from: number,
  to: number,
  moving: boolean,
  into: Float64Array,
): boolean {
  const first = Math.max(0, Math.floor(from - 0.5));
  const last = Math.min(n - 1, Math.ceil(to + 0.5));
  const origin = times[first] ?? 0;
  // Weighted sums of time and of each axis (relative to the first frame, for precision); plain locals, no arrays.
  // (Written out one by one: destructured arrays here cost an allocation per frame.)
  let w = 0;
  let st = 0;
  let stt = 0;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  let stx = 0;
  let sty = 0;
  let stz = 0;
  const x0 = position[3 * first] ?? 0;
  const y0 = position[3 * first + 1] ?? 0;
  const z0 = position[3 * first + 2] ?? 0;
  for (let k = first; k <= last; k++) {
    // The share of frame k's half-frame neighbourhood inside the window.
    const weight = Math.max(0, Math.min(1, k - from + 0.5)) * Math.max(0, Math.min(1, to - k + 0.5));
    if (weight === 0 || measured[k] === 0) continue;
    const t = (times[k] ?? 0) - origin;
    const x = (position[3 * k] ?? 0) - x0;
    const y = (position[3 * k + 1] ?? 0) - y0;
    const z = (position[3 * k + 2] ?? 0) - z0;
    w += weight;
    st += weight * t;
    stt += weight * t * t;
    sx += weight * x;
    sy += weight * y;
    sz += weight * z;
    stx += weight * t * x;
    sty += weight * t * y;
    stz += weight * t * z;
  }
  if (w < 1) return false;
  const tm = st / w;
  const spread = stt / w - tm * tm;
  const sloped = moving && spread > 1e-9;
  const mx = sx / w;
  const my = sy / w;
  const mz = sz / w;
  into[X] = x0 + mx;
  into[Y] = y0 + my;
  into[Z] = z0 + mz;
  into[VX] = sloped ? (stx / w - tm * mx) / spread : 0;
  into[VY] = sloped ? (sty / w - tm * my) / spread : 0;
  into[VZ] = sloped ? (stz / w - tm * mz) / spread : 0;
  into[T0] = origin + tm;
  return true;
}
