import { describe, expect, it } from 'vitest';
import { headRegionsAt, heldHeadBoxes } from './headBoxes.ts';

const heads = { Width: 100, Height: 50, FrameRate: 10, Hold: 1, Frames: [[10, 10, 20, 20], [], [], [90, 40, 20, 20]] };

describe('the head boxes a job fills', () => {
  it('fills a box in the frames before and after the one it was found in, up to the hold', () => {
    expect(heldHeadBoxes(heads, 0)).toEqual([[10, 10, 20, 20]]);
    expect(heldHeadBoxes(heads, 1)).toEqual([[10, 10, 20, 20]]);
    expect(heldHeadBoxes(heads, 2)).toEqual([[90, 40, 20, 20]]);
  });

  it('draws them in the review at the moment shown, as fractions of the frame kept inside it', () => {
    const [region] = headRegionsAt(heads, 0.04);
    expect(headRegionsAt(heads, 0.04)).toHaveLength(1);
    expect(region?.x).toBeCloseTo(0.1);
    expect(region?.y).toBeCloseTo(0.2);
    expect(region?.width).toBeCloseTo(0.2);
    expect(region?.height).toBeCloseTo(0.4);
    const [edge] = headRegionsAt(heads, 0.3);
    expect(edge?.x).toBeCloseTo(0.9);
    expect(edge?.width).toBeCloseTo(0.1);
    expect(edge?.height).toBeCloseTo(0.2);
  });
});
