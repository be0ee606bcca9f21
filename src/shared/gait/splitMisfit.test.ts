import { describe, expect, it } from 'vitest';
import { sharedCoefficient, type ApproachMoments } from './splitMisfit.ts';

/** Moments of an exact approach d = u·s + c·s² sampled at the given times from contact. */
function approach(u: number, c: number, s: number[]): ApproachMoments {
  const sum = (f: (x: number) => number) => s.reduce((total, x) => total + f(x), 0);
  const d = (x: number) => u * x + c * x * x;
  return {
    s2: sum((x) => x * x),
    s3: sum((x) => x ** 3),
    s4: sum((x) => x ** 4),
    d1: sum((x) => d(x) * x),
    d2: sum((x) => d(x) * x * x),
  };
}
const FRAMES = [0.01, 0.043, 0.076, 0.11, 0.143];

describe('sharedCoefficient', () => {
  it('recovers the landing speed the heel strikes share, and the take-off curvature the toe offs share', () => {
    const strikes = [0.5, 0.6, 0.7, 0.6, 0.55].map((u, i) => approach(u, 2 + i, FRAMES));
    // The interquartile mean of 0.5, 0.55, 0.6, 0.6, 0.7 keeps the middle three.
    expect(sharedCoefficient(strikes, true)).toBeCloseTo((0.55 + 0.6 + 0.6) / 3, 9);
    const offs = [3, 3.2, 2.9, 3.1].map((c) => approach(0, c, FRAMES));
    expect(sharedCoefficient(offs, false)).toBeCloseTo((3 + 3.1) / 2, 9);
  });

  it('is not pulled by a stride whose fit slid along the trade-off', () => {
    const strikes = [0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0].map((u) => approach(u, 3, FRAMES));
    expect(sharedCoefficient(strikes, true)).toBeCloseTo(0.6, 9);
  });

  it('leaves too few contacts, or a value that is not positive, unshared', () => {
    expect(
      sharedCoefficient(
        [0.5, 0.6, 0.7].map((u) => approach(u, 2, FRAMES)),
        true,
      ),
    ).toBeNaN();
    expect(
      sharedCoefficient(
        [0, 0, 0, 0].map((u) => approach(u, 0, FRAMES)),
        true,
      ),
    ).toBeNaN();
    expect(sharedCoefficient([], false)).toBeNaN();
  });
});
