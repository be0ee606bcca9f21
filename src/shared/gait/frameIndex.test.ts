import { describe, expect, it } from 'vitest';
import { splineExtremum } from './frameIndex.ts';

describe('an extremum between frames (splineExtremum)', () => {
  // A contact's velocity trough with a flat bottom (frames 3 and 4 equal to 0.1 mm/s) and a steep rise after it, from
  // a synthetic treadmill walk. The spline through the samples overshoots them beyond either bottom frame (to 2.4
  // and 4.6); which frame is the lower one is up to the last digit, and a clock rounded to the millisecond flipped it.
  const trough = (third: number, fourth: number) =>
    Float64Array.from([0.0161, -0.1637, -0.2904, third, fourth, -0.292, -0.1749, 0.05]);

  it('places a flat-bottomed trough between its two bottom frames, whichever of them is lower', () => {
    const lowerThird = splineExtremum(trough(-0.29721, -0.2972), 3);
    const lowerFourth = splineExtremum(trough(-0.2972, -0.29721), 4);
    for (const at of [lowerThird, lowerFourth]) {
      expect(at).toBeGreaterThan(3);
      expect(at).toBeLessThan(4);
    }
    expect(Math.abs(lowerThird - lowerFourth)).toBeLessThan(0.01);
  });

  it('keeps the spline’s place for a trough that leans to one side', () => {
    // Steeper before than after: the extremum lies after frame 2, toward its lower neighbour.
    const leaning = Float64Array.from([0, -0.8, -1, -0.9, -0.5, 0]);
    const at = splineExtremum(leaning, 2);
    expect(at).toBeGreaterThan(2);
    expect(at).toBeLessThan(2.5);
    // And a peak, mirrored.
    expect(
      splineExtremum(
        leaning.map((v) => -v),
        2,
      ),
    ).toBeCloseTo(at, 12);
  });
});
