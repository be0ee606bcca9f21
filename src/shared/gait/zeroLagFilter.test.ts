import { describe, expect, it } from 'vitest';
import { filterPadding, lowPassZeroLag, lowPassZeroLagPair } from './zeroLagFilter.ts';

const RATE = 30;
const sine = (hz: number, n: number) =>
  Float64Array.from({ length: n }, (_, k) => Math.sin((2 * Math.PI * hz * k) / RATE));
const filter = (signal: Float64Array, cutoff = 6) => {
  const out = new Float64Array(signal.length);
  lowPassZeroLag(
    signal,
    out,
    signal.length,
    RATE,
    cutoff,
    new Float64Array(signal.length + 2 * filterPadding(RATE, cutoff)),
  );
  return out;
};
const amplitude = (signal: Float64Array) => Math.max(...signal.slice(100, -100).map(Math.abs));

describe('lowPassZeroLag (Winter 2009: second-order Butterworth forward and backward)', () => {
  it('passes a slow gait rhythm unchanged and in phase', () => {
    const slow = sine(1, 600);
    const out = filter(slow);
    for (let k = 100; k < 500; k++) expect(Math.abs((out[k] ?? 0) - (slow[k] ?? 0))).toBeLessThan(0.01);
  });

  it('is 3 dB down at the cutoff and removes jitter well above it', () => {
    expect(amplitude(filter(sine(6, 900)))).toBeCloseTo(Math.SQRT1_2, 1);
    expect(amplitude(filter(sine(12, 900)))).toBeLessThan(0.1);
  });

  it('keeps a straight line, up to the ends, to a micrometre', () => {
    const line = Float64Array.from({ length: 50 }, (_, k) => 2 + 0.1 * k);
    filter(line).forEach((value, k) => expect(value).toBeCloseTo(2 + 0.1 * k, 6));
  });

  it('copies signals too short to filter', () => {
    expect(Array.from(filter(Float64Array.from([1, 5])))).toEqual([1, 5]);
  });

  it('filters a pair of signals to the same bits as two separate calls, at a Kinect and a marker rate', () => {
    for (const [rate, n] of [
      [30, 901],
      [100, 7],
      [30, 4],
    ] as const) {
      const a = Float64Array.from({ length: n }, (_, k) => Math.sin(k / 7) + 0.01 * Math.cos(k * 1.3));
      const b = Float64Array.from({ length: n }, (_, k) => 3 + 0.2 * k - Math.cos(k / 3));
      const scratch = new Float64Array(2 * (n + 2 * filterPadding(rate, 6)));
      const [singleA, singleB] = [new Float64Array(n), new Float64Array(n)];
      lowPassZeroLag(a, singleA, n, rate, 6, scratch);
      lowPassZeroLag(b, singleB, n, rate, 6, scratch);
      lowPassZeroLagPair(a, b, n, rate, 6, scratch);
      expect(Array.from(a)).toEqual(Array.from(singleA));
      expect(Array.from(b)).toEqual(Array.from(singleB));
    }
  });
});
