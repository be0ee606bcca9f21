import { describe, expect, it } from 'vitest';
import { numberBounds, rangeFilter, shownRange } from './sliderBounds.ts';
import { testSession } from '#shared/sessions/testSession';

describe('numberBounds', () => {
  it('spans the session and sub-session numbers of the data', () => {
    const rows = [
      testSession({ SessionNumber: 4, SubSessionNumber: 2 }),
      testSession({ SessionNumber: 9, SubSessionNumber: 1 }),
      testSession({ SessionNumber: 2, SubSessionNumber: 7 }),
    ];
    expect(numberBounds(rows)).toEqual({ sessionNumbers: [2, 9], subSessionNumbers: [1, 7] });
  });

  it('gives one session, or none, a track with two ends', () => {
    expect(numberBounds([testSession({ SessionNumber: 3, SubSessionNumber: 3 })])).toEqual({
      sessionNumbers: [3, 4],
      subSessionNumbers: [3, 4],
    });
    expect(numberBounds([])).toEqual({ sessionNumbers: [0, 1], subSessionNumbers: [0, 1] });
  });
});

describe('rangeFilter', () => {
  it('is no filter when the range covers the whole track', () => {
    expect(rangeFilter([2, 9], [2, 9])).toBeNull();
    expect(rangeFilter([3, 9], [2, 9])).toEqual([3, 9]);
  });
});

describe('shownRange', () => {
  it('shows the whole track without a filter, and keeps a chosen range inside the track', () => {
    expect(shownRange(null, [1, 8])).toEqual([1, 8]);
    expect(shownRange([3, 5], [1, 8])).toEqual([3, 5]);
    expect(shownRange([0, 20], [1, 8])).toEqual([1, 8]);
    expect(shownRange([10, 20], [1, 8])).toEqual([8, 8]);
  });
});
