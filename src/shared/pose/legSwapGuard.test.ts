import { describe, expect, it } from 'vitest';
import { guardLegSwaps } from './legSwapGuard.ts';
import { LANDMARK_COUNT } from './poseKeypoints.ts';

const PER_FRAME = LANDMARK_COUNT * 3;
const LEFT_TOE = 31;
const RIGHT_TOE = 32;

/** Two legs sweeping past each other: left landmarks move right, right landmarks move left, 4 px a frame. */
function crossingLegs(n: number): Float32Array {
  const values = new Float32Array(n * PER_FRAME);
  for (let f = 0; f < n; f++) {
    for (let j = 0; j < LANDMARK_COUNT; j++) {
      const side = j % 2 === 1 ? 1 : -1;
      values.set([200 + side * (40 - 4 * f) + j, 300 + j, 1], f * PER_FRAME + j * 3);
    }
  }
  return values;
}

const toeX = (values: Float32Array, f: number, toe: number) => values[f * PER_FRAME + toe * 3] ?? 0;

describe('left/right swap guard', () => {
  it('gives back the labels of legs the model swapped for a few frames', () => {
    const truth = crossingLegs(20);
    const seen = truth.slice();
    for (const f of [14, 15, 16]) {
      for (const [l, r] of [
        [25, 26],
        [27, 28],
        [29, 30],
        [31, 32],
      ] as const) {
        const [a, b] = [f * PER_FRAME + l * 3, f * PER_FRAME + r * 3];
        const left = seen.slice(a, a + 3);
        seen.copyWithin(a, b, b + 3);
        seen.set(left, b);
      }
    }
    expect(guardLegSwaps(seen, 20)).toBe(3);
    for (let f = 0; f < 20; f++) {
      expect(toeX(seen, f, LEFT_TOE)).toBe(toeX(truth, f, LEFT_TOE));
      expect(toeX(seen, f, RIGHT_TOE)).toBe(toeX(truth, f, RIGHT_TOE));
    }
  });

  it('leaves legs that cross with their own labels', () => {
    const values = crossingLegs(20);
    expect(guardLegSwaps(values, 20)).toBe(0);
    expect(values).toEqual(crossingLegs(20));
  });
});
