import { describe, expect, it } from 'vitest';
import { distribution, quantile } from './groupStatistics.ts';

describe('group distribution', () => {
  it('gives the median and quartiles as R and spreadsheets do (linear interpolation)', () => {
    // R: quantile(c(1, 2, 3, 4), c(.25, .5, .75)) → 1.75 2.5 3.25
    expect(distribution([4, 1, 3, 2])).toEqual({ n: 4, median: 2.5, q1: 1.75, q3: 3.25 });
    expect(quantile([0.8, 1.0, 1.1, 1.3, 1.4], 0.5)).toBeCloseTo(1.1);
  });

  it('counts only the patients who have the measure', () => {
    expect(distribution([1.2, null, Number.NaN])).toEqual({ n: 1, median: 1.2, q1: 1.2, q3: 1.2 });
    expect(distribution([null])).toBeNull();
  });
});
