/**
 * First estimate of gait events by Zeni, Richards & Higginson 2008 (Gait & Posture 27:710–714): with the foot's
 * position relative to the pelvis along the direction of progression, heel strike is at its maximum (foot furthest
 * ahead) and toe off at its minimum (furthest behind). The times are refined afterwards (contactRefinement.ts).
 */
export type Extrema = {
  /** Frame index of each extremum. */
  frames: number[];
  /** Sub-frame time of each extremum, seconds. */
  times: number[];
};

/**
 * Alternating maxima and minima of a filtered foot-minus-pelvis signal. A turning point counts only once the
 * signal has moved away from it by `swing`, so noise wiggles are not taken for steps. Turning points on the first or
 * last frame are cut-off cycles and are left out.
 */
export function footPelvisExtrema(
  signal: Float64Array,
  times: Float64Array,
  n: number,
): { maxima: Extrema; minima: Extrema } {
  const maxima: Extrema = { frames: [], times: [] };
  const minima: Extrema = { frames: [], times: [] };
  const swing = hysteresis(signal, n);
  if (n < 3 || !(swing > 0)) return { maxima, minima };
  const value = (k: number) => signal[k] ?? 0;
  const keep = (into: Extrema, k: number) => {
    if (k < 1 || k > n - 2) return;
    into.frames.push(k);
    into.times.push(parabolicPeak(times, signal, k));
  };
  let high = 0;
  let low = 0;
  let rising: boolean | undefined;
  for (let k = 1; k < n; k++) {
    const x = value(k);
    if (rising !== false && x > value(high)) high = k;
    if (rising !== true && x < value(low)) low = k;
    if (rising !== false && x < value(high) - swing) {
      keep(maxima, high);
      rising = false;
      low = k;
    } else if (rising !== true && x > value(low) + swing) {
      keep(minima, low);
      rising = true;
      high = k;
    }
  }
  // The last turning point has not yet been confirmed by a full swing: keep it if the signal has turned at all.
  if (rising === true && value(n - 1) < value(high)) keep(maxima, high);
  if (rising === false && value(n - 1) > value(low)) keep(minima, low);
  return { maxima, minima };
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
 * Time of the vertex of the parabola through frame k and its neighbours (uneven spacing allowed), which places an
 * extremum between frames instead of on the nearer one.
 */
function parabolicPeak(times: Float64Array, signal: Float64Array, k: number): number {
  const t1 = times[k] ?? 0;
  const a = (times[k - 1] ?? t1) - t1;
  const c = (times[k + 1] ?? t1) - t1;
  const ya = (signal[k - 1] ?? 0) - (signal[k] ?? 0);
  const yc = (signal[k + 1] ?? 0) - (signal[k] ?? 0);
  // y = p·t² + q·t through (a, ya), (0, 0), (c, yc).
  const denominator = a * c * (a - c);
  if (denominator === 0) return t1;
  const p = (ya * c - yc * a) / denominator;
  const q = (yc * a * a - ya * c * c) / denominator;
  if (p === 0) return t1;
  const vertex = -q / (2 * p);
  return t1 + Math.max(a, Math.min(c, vertex));
}
