/** The group's spread of one measure: how many values, the median and the quartiles. */
export type Distribution = { n: number; median: number; q1: number; q3: number };

/**
 * The p-quantile of sorted values by linear interpolation between order statistics (Hyndman & Fan 1996, definition
 * 7, the default of R and of most spreadsheets), so that a clinician re-computing the median and IQR of the listed
 * values gets the same figures.
 */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lower = sorted[Math.floor(h)] ?? Number.NaN;
  const upper = sorted[Math.ceil(h)] ?? Number.NaN;
  return lower + (h - Math.floor(h)) * (upper - lower);
}

/** Null when no value is finite (nobody in the group has the measure). */
export function distribution(values: readonly (number | null)[]): Distribution | null {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return { n: sorted.length, median: quantile(sorted, 0.5), q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75) };
}
