import { parabolicVertex } from './frameIndex.ts';
import { float64s } from './gaitWorkspace.ts';

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
  const difference = float64s(n);
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
  for (let lag = first - 1; lag <= last + 1; lag++) {
    let sum = 0;
    let count = 0;
    for (let k = 0; k + lag < n; k += every) {
      sum += (difference[k] ?? 0) * (difference[k + lag] ?? 0);
      count++;
    }
    correlation[lag] = count > 0 ? sum / count / (energy / n) : 0;
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
