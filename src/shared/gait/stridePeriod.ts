import { parabolicVertex } from './frameIndex.ts';
import { float64sToOverwrite } from './gaitWorkspace.ts';

/**
 * The walk's stride period (frames) from the autocorrelation of the two feet's fore-aft difference, as Moe-Nilssen &
 * Helbostad 2004 (J Biomech 37:121–126) find it from trunk acceleration: the legs swing in antiphase, so the
 * difference repeats once a stride. The interval between Zeni's extrema says the same where each step is seen; a
 * stretch in which the sensor swaps or loses the feet (a turn seen from the side) adds half-stride intervals that
 * can outnumber the real ones in a short walk, but adds little to the autocorrelation, which every stride builds.
 * Undefined when no lag between MIN_S and MAX_S seconds (and within 60% of the walk) correlates by MIN_CORRELATION.
 */
const MIN_S = 0.25;
const MAX_S = 2.5;
/** The shortest lag whose correlation reaches this share of the best: not twice the stride where strides are steady. */
const NEAR_BEST = 0.85;
const MIN_CORRELATION = 0.3;
const SAMPLED_PRODUCTS = 3000;

export function stridePeriod(
  leftAhead: Float64Array,
  rightAhead: Float64Array,
  n: number,
  sampleRate: number,
): number | undefined {
  const difference = float64sToOverwrite(n);
  let mean = 0;
  for (let k = 0; k < n; k++) {
    difference[k] = (leftAhead[k] ?? 0) - (rightAhead[k] ?? 0);
    mean += difference[k] ?? 0;
  }
  mean /= n;
  let energy = 0;
  for (let k = 0; k < n; k++) {
    difference[k] = (difference[k] ?? 0) - mean;
    energy += (difference[k] ?? 0) ** 2;
  }
  const first = Math.max(2, Math.floor(MIN_S * sampleRate));
  const last = Math.min(Math.ceil(MAX_S * sampleRate), Math.floor(0.6 * n));
  if (!(energy > 0) || last <= first + 1) return undefined;
  // Unbiased: each lag's mean product over the frames it pairs, against the energy per frame. A long walk is
  // sampled every few frames: 3,000 products per lag estimate the mean as well as 18,000.
  const every = Math.max(1, Math.floor(n / SAMPLED_PRODUCTS));
  const correlation = new Float64Array(last + 2);
  lagProducts(difference, n, every, first - 1, last + 1, correlation);
  for (let lag = first - 1; lag <= last + 1; lag++) {
    const count = Math.ceil((n - lag) / every);
    correlation[lag] = count > 0 ? (correlation[lag] ?? 0) / count / (energy / n) : 0;
  }
  let best = 0;
  for (let lag = first; lag <= last; lag++) best = Math.max(best, correlation[lag] ?? 0);
  if (best < MIN_CORRELATION) return undefined;
  for (let lag = first; lag <= last; lag++) {
    const value = correlation[lag] ?? 0;
    const peak = value >= (correlation[lag - 1] ?? 0) && value >= (correlation[lag + 1] ?? 0);
    if (peak && value >= NEAR_BEST * best) return parabolicVertex(correlation, lag);
  }
  return undefined;
}

/**
 * Per lag in [from, to], the sum of difference[k] × difference[k + lag] over k = 0, every, 2 × every, … while
 * k + lag < n, into sums[lag]. Four lags share each walk over the frames, each in its own running sum: the same
 * additions in the same order as one lag at a time (so the same bits), but four chains of additions in flight instead
 * of one waiting on the last.
 */
function lagProducts(difference: Float64Array, n: number, every: number, from: number, to: number, sums: Float64Array) {
  let lag = from;
  for (; lag + 3 <= to; lag += 4) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let k = 0;
    // Frames all four lags pair, then the ones only the shorter lags reach.
    for (; k + lag + 3 < n; k += every) {
      const d = difference[k] ?? 0;
      s0 += d * (difference[k + lag] ?? 0);
      s1 += d * (difference[k + lag + 1] ?? 0);
      s2 += d * (difference[k + lag + 2] ?? 0);
      s3 += d * (difference[k + lag + 3] ?? 0);
    }
    for (let j = k; j + lag < n; j += every) s0 += (difference[j] ?? 0) * (difference[j + lag] ?? 0);
    for (let j = k; j + lag + 1 < n; j += every) s1 += (difference[j] ?? 0) * (difference[j + lag + 1] ?? 0);
    for (let j = k; j + lag + 2 < n; j += every) s2 += (difference[j] ?? 0) * (difference[j + lag + 2] ?? 0);
    sums[lag] = s0;
    sums[lag + 1] = s1;
    sums[lag + 2] = s2;
    sums[lag + 3] = s3;
  }
  for (; lag <= to; lag++) {
    let sum = 0;
    for (let k = 0; k + lag < n; k += every) sum += (difference[k] ?? 0) * (difference[k + lag] ?? 0);
    sums[lag] = sum;
  }
}
