import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readC3d } from '../c3d/readC3d.ts';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { drawnWalk } from '../../../tests/fixtures/gait/drawnWalks.ts';
import { c3dToJointData } from './c3dJointData.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { CYCLE_MEASURES, type GaitAnalysis } from './gaitResult.ts';
import { readMetricsFile, toMetricsFile } from './metricsFile.ts';
import { syntheticWalk } from './syntheticWalk.ts';

/**
 * Short passes: a 2.3–3 s pass in front of a sensor holds three or four heel strikes, sometimes a complete stride of
 * one foot only. It answers with what its steps give (cadence, speed, step length and time) and the phases of the
 * strides it holds, and says in a warning which measures need more strides.
 */
const NORMAL_GAITS = [
  [1.1, 100, 61],
  [1.4, 115, 58],
] as const;

const pass = <T>(walk: fc.Arbitrary<T>, draws: number) => fc.sample(walk, { numRuns: draws, seed: 2026_12_02 });

describe('short passes', () => {
  const walks = pass(
    fc.record({
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      gait: fc.constantFrom(...NORMAL_GAITS),
      direction: drawnWalk.map((w) => w.direction),
      asymmetry: fc.constantFrom(0, 0.05, 0.1),
      durationS: fc.double({ min: 2.3, max: 3, noNaN: true }),
    }),
    200,
  ).map((w) => {
    const [speed, cadence, stancePercent] = w.gait;
    const { recording, truth } = syntheticWalk({ ...w, speed, cadence, stancePercent });
    return { ...w, truth, result: computeGaitMetrics(recording) };
  });

  it('answers at least 95% of normal 2.3–3 s passes, with the true cadence and speed', () => {
    const answered = walks.filter((w) => w.result.status === 'ok');
    expect(answered.length / walks.length).toBeGreaterThanOrEqual(0.95);
    for (const w of answered) {
      if (w.result.status !== 'ok') continue;
      expect(Math.abs(w.result.session.cadence / w.truth.cadence - 1), `seed ${String(w.seed)}`).toBeLessThan(0.06);
      expect(Math.abs(w.result.session.speed / w.truth.speed - 1), `seed ${String(w.seed)}`).toBeLessThan(0.06);
    }
  });

  it('answers a pass holding a complete stride of one foot only, without phases for the other', () => {
    const oneSided = walks.filter((w) => {
      const strikes = w.truth.bouts[0]?.heelStrikes;
      return Math.min(strikes?.left.length ?? 0, strikes?.right.length ?? 0) === 1;
    });
    expect(oneSided.length).toBeGreaterThan(10);
    const answered = oneSided.filter((w) => w.result.status === 'ok');
    expect(answered.length / oneSided.length).toBeGreaterThanOrEqual(0.9);
    for (const { result } of answered) expectOneSided(result);
  });

  it('stores such an answer in a metrics file that reads back', () => {
    const answer = walks.find((w) => w.result.status === 'ok' && w.result.session.left.cycleCount === 0)?.result;
    if (answer === undefined) throw new Error('no pass without a left stride');
    const read = readMetricsFile(JSON.stringify(toMetricsFile(answer, { generatedAt: new Date(0) })));
    if (!read.ok) throw new Error(read.error);
    expect(read.file.Session?.Left.StancePercent).toBeNull();
    expect(read.file.Bouts[0]?.Status === 'ok' && read.file.Bouts[0].Warnings.join(' ')).toMatch(/short walk/i);
  });
});

describe('a Vicon trial cut short: PiG_Motion-FlatFoot-One (one complete stride, of the right foot)', () => {
  const read = readC3d(c3dFixture('./forceplates/PiG_Motion-FlatFoot-One.c3d'));
  if (!read.ok) throw new Error(read.error);
  const joints = c3dToJointData(read.file);
  if (!joints.ok) throw new Error(joints.error);
  const result = computeGaitMetrics(joints.recording);
  const vicon = (label: string, context: string) =>
    read.file.events.filter((e) => e.label === label && e.context === context).map((e) => e.time);

  it("answers with the right foot's stride, the cadence Vicon's events give within 3%", () => {
    expectOneSided(result);
    if (result.status !== 'ok') return;
    expect(result.session.right.cycleCount).toBe(1);
    // The left foot's strikes lie two frames from either end of the trial, where no event can be seen.
    const [first = 0, second = 0] = vicon('Foot Strike', 'Right');
    expect(Math.abs(result.session.cadence / (120 / (second - first)) - 1)).toBeLessThan(0.03);
  });
});

/** An answer with one foot's stride only: that foot's phases, nothing of the other's, and a note saying so. */
function expectOneSided(result: GaitAnalysis): void {
  if (result.status !== 'ok') throw new Error(result.reason);
  const bout = result.bouts[0];
  const { left, right } = result.session;
  const without = left.cycleCount === 0 ? left : right;
  const other = without === left ? right : left;
  expect(other.cycleCount).toBeGreaterThanOrEqual(1);
  for (const measure of CYCLE_MEASURES) {
    expect(without[measure], measure).toBeNull();
    expect(Number.isFinite(other[measure]), measure).toBe(true);
  }
  expect(without.stepCount).toBeGreaterThanOrEqual(1);
  expect(without.stepLength).toBeGreaterThan(0.3);
  expect(bout?.status === 'ok' && bout.warnings.join(' ')).toMatch(
    new RegExp(`the ${without === left ? 'left' : 'right'} foot's stride time, stance, swing and support phases need`),
  );
}
