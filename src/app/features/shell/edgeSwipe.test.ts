import { describe, expect, it } from 'vitest';
import { isEdgeSwipeRight } from './edgeSwipe.ts';

const at = (x: number, y: number, time = 0) => ({ x, y, time });

describe('edge swipe', () => {
  it('opens on a quick rightward swipe from the left edge', () => {
    expect(isEdgeSwipeRight(at(10, 300), at(150, 320, 250))).toBe(true);
  });

  it('ignores swipes that start away from the edge', () => {
    expect(isEdgeSwipeRight(at(200, 300), at(400, 300, 200))).toBe(false);
  });

  it('ignores short, leftward, vertical or slow movements', () => {
    expect(isEdgeSwipeRight(at(5, 300), at(40, 300, 100))).toBe(false);
    expect(isEdgeSwipeRight(at(20, 300), at(0, 300, 100))).toBe(false);
    expect(isEdgeSwipeRight(at(5, 100), at(90, 400, 200))).toBe(false);
    expect(isEdgeSwipeRight(at(5, 300), at(200, 300, 2000))).toBe(false);
  });
});
