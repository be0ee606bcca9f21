/**
 * Medians and trimmed means in linear time (Hoare's selection, Commun ACM 1961;4:321), so that summarising
 * thousands of cycles or checking thousands of frames never sorts. Both work on a copy, unless told not to.
 */

/** The value of rank k (0-based) in values[from, to), rearranging that range in place. */
function select(values: Float64Array, k: number, from: number, to: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1] ?? 0;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i++;
      while ((values[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i++] = values[j] ?? 0;
        values[j--] = swap;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k] ?? 0;
  }
  return values[k] ?? 0;
}

export function median(values: ArrayLike<number>): number {
  return trimmedMean(values, 0.5);
}

/**
 * Mean of the values left after dropping the given fraction from each end (0.5: the median). Per-cycle values from
 * a 30 Hz sensor carry skewed errors and the odd misplaced event; trimming keeps both from pulling the summary.
 */
export function trimmedMean(values: ArrayLike<number>, fraction: number): number {
  return values.length === 0 ? 0 : trimmedMeanInPlace(Float64Array.from(values), fraction);
}

/** trimmedMean of values the caller no longer needs in their order: they are rearranged instead of copied. */
export function trimmedMeanInPlace(copy: Float64Array, fraction: number): number {
  const count = copy.length;
  if (count === 0) return 0;
  const drop = Math.min(Math.floor(count * fraction), (count - 1) >> 1);
  const keep = count - 2 * drop;
  // After selecting the lowest kept rank and then the highest among the rest, the kept ranks sit between them.
  select(copy, drop, 0, count);
  select(copy, count - drop - 1, drop, count);
  let total = 0;
  for (let i = drop; i < count - drop; i++) total += copy[i] ?? 0;
  return total / keep;
}
