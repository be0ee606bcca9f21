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

const CURVE_POINTS = 101;
const MIN_MEASURED = 0.8;

/**
 * Running sums over cycles at each point of the cycle: enough for the mean and SD, mergeable across sides and bouts,
 * and one pair of arrays per side rather than one array per cycle.
 */
export type CurveSums = { sums: Float64Array; squares: Float64Array; count: number };

export function curveSums(): CurveSums {
  return { sums: new Float64Array(CURVE_POINTS), squares: new Float64Array(CURVE_POINTS), count: 0 };
}

/**
 * Adds one cycle's knee and hip angles at 0–100%, unless too little of it was measured. Both joints share the
 * cycle's frames and its measured mask, so the window is found and checked once and both are resampled in one loop
 * (each sum takes the same operations in the same order as it would alone).
 */
export function addCycleCurves(
  knee: CurveSums,
  hip: CurveSums,
  angles: { knee: Float64Array; hip: Float64Array; measured: Uint8Array },
  times: Float64Array,
  n: number,
  start: number,
  end: number,
): void {
  const from = indexAtTime(times, n, start);
  const to = indexAtTime(times, n, end);
  if (!(to > from + 2)) return;
  const { measured } = angles;
  let seen = 0;
  let count = 0;
  for (let k = Math.ceil(from); k <= Math.floor(to); k++) {
    count++;
    seen += measured[k] ?? 0;
  }
  if (count === 0 || seen < MIN_MEASURED * count) return;
  const kneeAngle = angles.knee;
  const hipAngle = angles.hip;
  const [kneeSums, kneeSquares, hipSums, hipSquares] = [knee.sums, knee.squares, hip.sums, hip.squares];
  for (let p = 0; p < CURVE_POINTS; p++) {
    const x = from + ((to - from) * p) / (CURVE_POINTS - 1);
    const k = Math.min(n - 2, Math.floor(x));
    const w = x - k;
    const v = (kneeAngle[k] ?? 0) * (1 - w) + (kneeAngle[k + 1] ?? 0) * w;
    kneeSums[p] = (kneeSums[p] ?? 0) + v;
    kneeSquares[p] = (kneeSquares[p] ?? 0) + v * v;
    const h = (hipAngle[k] ?? 0) * (1 - w) + (hipAngle[k + 1] ?? 0) * w;
    hipSums[p] = (hipSums[p] ?? 0) + h;
    hipSquares[p] = (hipSquares[p] ?? 0) + h * h;
  }
  knee.count++;
  hip.count++;
}

export function mergeCurveSums(parts: readonly CurveSums[]): CurveSums {
  const merged = curveSums();
  for (const part of parts) {
    for (let p = 0; p < CURVE_POINTS; p++) {
      merged.sums[p] = (merged.sums[p] ?? 0) + (part.sums[p] ?? 0);
      merged.squares[p] = (merged.squares[p] ?? 0) + (part.squares[p] ?? 0);
    }
    merged.count += part.count;
  }
  return merged;
}

/** Mean ± SD over cycles; null without any. */
export function averageCurves({ sums, squares, count }: CurveSums): AngleCurve | null {
  if (count === 0) return null;
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
