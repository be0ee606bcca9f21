import { describe, expect, it } from 'vitest';
import { regionFromDrag } from './RegionBoxes.tsx';

describe('a region dragged on the review frame', () => {
  it('is the rectangle between the two points, whichever way it was dragged, from the moment shown', () => {
    expect(regionFromDrag({ x: 0.6, y: 0.5 }, { x: 0.2, y: 0.1 }, 1.2)).toEqual({
      x: 0.2,
      y: 0.1,
      width: expect.closeTo(0.4, 9) as number,
      height: expect.closeTo(0.4, 9) as number,
      fromSecond: 1.2,
    });
  });

  it('stays inside the frame, and a click without a drag marks nothing', () => {
    expect(regionFromDrag({ x: -0.2, y: 0.5 }, { x: 0.3, y: 1.4 }, 0)).toMatchObject({ x: 0, width: 0.3, height: 0.5 });
    expect(regionFromDrag({ x: 0.5, y: 0.5 }, { x: 0.502, y: 0.6 }, 0)).toBeUndefined();
  });
});
