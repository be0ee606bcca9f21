import { parabolicVertex } from './frameIndex.ts';

/**
 * Gait events by Zeni, Richards & Higginson 2008 (Gait & Posture 27:710–714): with the foot's position relative to
 * the pelvis along the direction of progression, the heel is furthest ahead shortly before heel strike and the toe
 * furthest behind at toe off. Here they segment the walk into steps; the events themselves come from the foot's
 * vertical velocity (footVelocityEvents.ts), which places heel strike far closer (docs/gait-metrics.md).
 */
export type Extrema = {
  /** Fractional frame index of each extremum (the vertex of a parabola through the peak frame and its neighbours). */
  indices: number[];
};

/**
 * Alternating maxima and minima of a filtered foot-minus-pelvis signal. A turning point counts only once the
 * signal has moved away from it by `swing`, so noise wiggles are not taken for steps. Turning points on the first or
 * last frame are cut-off cycles and are left out.
 */
export function footPelvisExtrema(signal: Float64Array, n: number): { maxima: Extrema; minima: Extrema } {
  const maxima: Extrema = { indices: [] };
  const minima: Extrema = { indices: [] };
  const swing = hysteresis(signal, n);
  if (n < 3 || !(swing > 0)) return { maxima, minima };
  turningPoints(signal, n, swing, maxima.indices, minima.indices);
  return { maxima, minima };
}

/**
 * footPelvisExtrema's walk over the frames (a function of its own, with nothing after the loop but its ends): the
 * highest and lowest values so far are kept beside their frames instead of read again at every frame.
 */
function turningPoints(signal: Float64Array, n: number, swing: number, maxima: number[], minima: number[]): void {
  let high = 0;
  let low = 0;
  let highest = signal[0] ?? 0;
  let lowest = highest;
  // 0 before the first turning point, then 1 rising or −1 falling.
  let rising = 0;
  for (let k = 1; k < n; k++) {
    const x = signal[k] ?? 0;
    if (rising !== -1 && x > highest) {
      high = k;
      highest = x;
    }
    if (rising !== 1 && x < lowest) {
      low = k;
      lowest = x;
    }
    if (rising !== -1 && x < highest - swing) {
      keepVertex(signal, high, n, maxima);
      rising = -1;
      low = k;
      lowest = x;
    } else if (rising !== 1 && x > lowest + swing) {
      keepVertex(signal, low, n, minima);
      rising = 1;
      high = k;
      highest = x;
    }
  }
  // The last turning point has not yet been confirmed by a full swing: keep it if the signal has turned at all.
  const last = signal[n - 1] ?? 0;
  if (rising === 1 && last < highest) keepVertex(signal, high, n, maxima);
  if (rising === -1 && last > lowest) keepVertex(signal, low, n, minima);
}

/** Keeps the turning point at frame k, refined to its parabola's vertex, unless it is the signal's first or last frame. */
function keepVertex(signal: Float64Array, k: number, n: number, into: number[]): void {
  if (k >= 1 && k <= n - 2) into.push(parabolicVertex(signal, k));
}

/** 0.6 standard deviations: about 30% of the peak-to-peak range of the triangle-like foot-minus-pelvis wave. */
function hysteresis(signal: Float64Array, n: number): number {
  let sum = 0;
  let sumSquares = 0;
  for (let k = 0; k < n; k++) {
    const x = signal[k] ?? 0;
    sum += x;
    sumSquares += x * x;
  }
  const mean = sum / n;
  return 0.6 * Math.sqrt(Math.max(0, sumSquares / n - mean * mean));
}

/**
 * The heel's reaches ahead that end a swing (sign 1, maxima) or the toe's reaches back that begin one (sign −1,
 * minima). A walker standing still before setting off has a last "reach" where the pelvis starts to move away from
 * the planted feet, and one who stops has a first: no swing leads to or from them. A maximum counts only if the
 * signal was lower by the hysteresis within `window` frames before it, a minimum only if it rises by as much within
 * `window` frames after it — unless the recording begins (ends) within that window, where the swing is not seen.
 */
export function swingExtrema(signal: Float64Array, n: number, extrema: Extrema, sign: 1 | -1, window: number): Extrema {
  const swing = hysteresis(signal, n);
  const indices = extrema.indices.filter((e) => {
    const k = Math.round(e);
    const [from, to] = sign === 1 ? [k - window, k] : [k, k + window];
    if (from < 0 || to > n - 1) return true;
    const value = signal[k] ?? 0;
    for (let j = Math.ceil(from); j <= Math.floor(to); j++) {
      if (sign * (value - (signal[j] ?? 0)) >= swing) return true;
    }
    return false;
  });
  return { indices };
}
