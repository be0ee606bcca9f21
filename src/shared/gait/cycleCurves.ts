import { indexAtTime } from './frameIndex.ts';

/**
 * A joint angle over the gait cycle (Winter 2009, ch. 1; the usual display of Perry & Burnfield 2010): every
 * complete cycle, heel strike to heel strike, is resampled at 0, 1, …, 100% of the cycle, and the cycles are
 * averaged point by point. Cycles in which the joints were tracked less than MIN_MEASURED of the time are left out.
 */
export type AngleCurve = {
  /** Degrees at 0, 1, …, 100% of the cycle (101 values). */
  mean: number[];
  /** Standard deviation across cycles at each point (0 with one cycle). */
  sd: number[];
  /** Highest minus lowest value of the mean curve, degrees. */
  rangeOfMotion: number;
  cycles: number;
};

export const CURVE_POINTS = 101;
const MIN_MEASURED = 0.8;

/** One cycle's angle at 0–100%, or null when too little of it was measured. */
export function cycleCurve(
  angle: Float64Array,
  measured: Uint8Array,
  times: Float64Array,
  n: number,
  start: number,
  end: number,
): Float64Array | null {
  const from = indexAtTime(times, n, start);
  const to = indexAtTime(times, n, end);
  if (!(to > from + 2)) return null;
  let seen = 0;
  let count = 0;
  for (let k = Math.ceil(from); k <= Math.floor(to); k++) {
    count++;
    seen += measured[k] ?? 0;
  }
  if (count === 0 || seen < MIN_MEASURED * count) return null;
  const curve = new Float64Array(CURVE_POINTS);
  for (let p = 0; p < CURVE_POINTS; p++) {
    const x = from + ((to - from) * p) / (CURVE_POINTS - 1);
    const k = Math.min(n - 2, Math.floor(x));
    const w = x - k;
    curve[p] = (angle[k] ?? 0) * (1 - w) + (angle[k + 1] ?? 0) * w;
  }
  return curve;
}

/** Mean ± SD over cycles; null without any. */
export function averageCurves(curves: readonly Float64Array[]): AngleCurve | null {
  const count = curves.length;
  if (count === 0) return null;
  const sums = new Float64Array(CURVE_POINTS);
  const squares = new Float64Array(CURVE_POINTS);
  for (const curve of curves) {
    for (let p = 0; p < CURVE_POINTS; p++) {
      const v = curve[p] ?? 0;
      sums[p] = (sums[p] ?? 0) + v;
      squares[p] = (squares[p] ?? 0) + v * v;
    }
  }
  const mean: number[] = [];
  const sd: number[] = [];
  let low = Infinity;
  let high = -Infinity;
  for (let p = 0; p < CURVE_POINTS; p++) {
    const m = (sums[p] ?? 0) / count;
    mean.push(m);
    sd.push(count > 1 ? Math.sqrt(Math.max(0, ((squares[p] ?? 0) - count * m * m) / (count - 1))) : 0);
    low = Math.min(low, m);
    high = Math.max(high, m);
  }
  return { mean, sd, rangeOfMotion: high - low, cycles: count };
}
