import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitAnalysis } from './gaitResult.ts';
import { parseJointData, type JointRecording } from './jointDataFile.ts';
import { kinectGaitTextToJointData } from './kinectGaitText.ts';
import { readMetricsFile, toMetricsFile } from './metricsFile.ts';
import { syntheticWalk } from './syntheticWalk.ts';

/** Every number anywhere in the answer, which must all be finite. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbersIn);
  return [];
}
const expectSound = (result: GaitAnalysis) => {
  for (const n of numbersIn(result)) expect(Number.isFinite(n)).toBe(true);
  if (result.status === 'insufficient-data') expect(result.reason.length).toBeGreaterThan(10);
  for (const bout of result.bouts)
    if (bout.status === 'insufficient-data') expect(bout.reason.length).toBeGreaterThan(10);
};

/** Recordings of any shape: a few frames or a few hundred, any timestamps that increase, any coordinates. */
const coordinate = fc.oneof(
  fc.constant(0),
  fc.double({ min: -10_000, max: 10_000, noNaN: true }),
  fc.double({ min: -3, max: 3, noNaN: true }),
  fc.constantFrom(1e-300, -1e-300, 9_999.999),
);
const bout = fc.integer({ min: 1, max: 240 }).chain((frames) =>
  fc.record({
    start: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e10, noNaN: true })),
    steps: fc.array(fc.double({ min: 1e-3, max: 0.2, noNaN: true }), { minLength: frames, maxLength: frames }),
    positions: fc.oneof(
      fc.array(coordinate, { minLength: frames * 60, maxLength: frames * 60 }),
      fc
        .array(coordinate, { minLength: 60, maxLength: 60 })
        .map((frame) => Array.from({ length: frames }, () => frame).flat()),
    ),
  }),
);
const recording = fc.array(bout, { maxLength: 3 }).map((bouts): JointRecording => ({
  bouts: bouts.map(({ start, steps, positions }) => {
    let t = start;
    return { times: Float64Array.from(steps, (s) => (t += s)), positions: Float32Array.from(positions) };
  }),
}));

describe('the engine on any input', () => {
  it('never throws and never answers NaN or Infinity', () => {
    fc.assert(
      fc.property(recording, (r) => expectSound(computeGaitMetrics(r))),
      { numRuns: 150 },
    );
  });

  it('survives a real walk with its joints scrambled, zeroed or frozen', () => {
    const { recording: walk } = syntheticWalk({
      seed: 1,
      speed: 1.2,
      cadence: 110,
      stancePercent: 60,
      direction: 'away',
      durationS: 8,
    });
    const positions = walk.bouts[0]?.positions ?? new Float32Array();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: positions.length - 1 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.constantFrom(0, 1e4, -3, Number.NaN),
        (at, length, value) => {
          const copy = positions.slice();
          copy.fill(Number.isNaN(value) ? (copy[at] ?? 0) : value, at, at + length);
          expectSound(
            computeGaitMetrics({ bouts: [{ times: walk.bouts[0]?.times ?? new Float64Array(), positions: copy }] }),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers plainly for one frame, a still figure and an empty recording', () => {
    const still = Float32Array.from({ length: 300 * 60 }, (_, i) => (i % 3 === 1 ? 0.5 : 1));
    for (const r of [
      { bouts: [] },
      { bouts: [{ times: Float64Array.of(0), positions: new Float32Array(60).fill(1) }] },
      { bouts: [{ times: Float64Array.from({ length: 300 }, (_, i) => i / 30), positions: still }] },
      {
        bouts: [{ times: Float64Array.from({ length: 300 }, (_, i) => i / 30), positions: new Float32Array(300 * 60) }],
      },
    ]) {
      const result = computeGaitMetrics(r);
      expect(result.status).toBe('insufficient-data');
      expectSound(result);
    }
  });

  it('parses any text without throwing, and analyses whatever parses', () => {
    const text = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom(
        '{"Steps":[{"Frames":[{"Timestamp":"NaN","Joint_Positions":[]}]}]}',
        '{"Steps":[{"Frames":[{"Timestamp":1e308,"Joint_Positions":[]}]}]}',
      ),
      fc
        .array(
          fc.record({
            Timestamp: fc.double(),
            Joint_Positions: fc.array(fc.double(), { minLength: 60, maxLength: 60 }),
          }),
          { maxLength: 5 },
        )
        .map((Frames) => JSON.stringify({ Steps: [{ Frames }] })),
    );
    fc.assert(
      fc.property(text, (t) => {
        const parsed = parseJointData(t);
        if (parsed.ok) expectSound(computeGaitMetrics(parsed.recording));
        else expect(parsed.error.length).toBeGreaterThan(10);
      }),
      { numRuns: 300 },
    );
  });

  it('converts or rejects any KinectGait-like text without throwing', () => {
    const line = fc
      .tuple(fc.constantFrom('Head', 'Spine', 'Foot-Left', 'Hip-centro', 'Nose', ''), fc.double(), fc.string())
      .map(([n, x, s]) => `${n};${x};${s};1`);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(line).map((lines) => lines.join('\n')),
        ),
        (t) => {
          const result = kinectGaitTextToJointData(t);
          expect(result.ok || result.error.length > 10).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads any uploaded metrics file without throwing', () => {
    const stored = toMetricsFile(computeGaitMetrics({ bouts: [] }), { generatedAt: new Date(0) });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((v) => JSON.stringify({ ...stored, Session: v }) ?? ''),
        ),
        (t) => {
          const read = readMetricsFile(t);
          expect(read.ok || read.error.length > 10).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
