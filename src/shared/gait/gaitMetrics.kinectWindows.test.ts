import { describe, expect, it } from 'vitest';
import {
  excerpts,
  holdsStrideOfEachFoot,
  KINECT_WALKS,
  type Excerpt,
} from '../../../tests/fixtures/kinect/kinectWalks.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitMetrics } from './gaitResult.ts';

/**
 * Short walks from real data: every 2.5 s and 3 s excerpt, every 0.2 s, of the two KinectGait walks (a turntable
 * following the walker, 30 Hz, noisy feet) stands in for the 2.5–3 s Kinect v2 passes clinics record. An excerpt
 * that holds a complete stride of each foot must answer, with a walking cadence; no excerpt may report a negative
 * step, or a speed that disagrees with step length × cadence without saying so. PRINT_KINECT_WINDOWS=1 prints the
 * figures of docs/gait-metrics.md.
 */
type Answer = { excerpt: Excerpt; metrics: GaitMetrics | null; warnings: string[]; reason: string | null };

const answers: Answer[] = excerpts([2.5, 3], 0.2).map((excerpt) => {
  const result = computeGaitMetrics(excerpt.recording);
  const bout = result.bouts[0];
  return {
    excerpt,
    metrics: result.status === 'ok' ? result.session : null,
    warnings: bout?.status === 'ok' ? bout.warnings : [],
    reason: result.status === 'ok' ? null : result.reason,
  };
});
const eligible = answers.filter((a) => holdsStrideOfEachFoot(a.excerpt));
const answered = answers.filter((a): a is Answer & { metrics: GaitMetrics } => a.metrics !== null);
const label = ({ excerpt: e }: Answer) => `${e.walk} ${e.length} s from ${e.from} s`;
/** Relative to the smaller of the two, so that the gap is the same whichever is taken for the truth. */
const speedGap = (m: GaitMetrics) => {
  const fromSteps = (m.stepLength * m.cadence) / 60;
  return Math.abs(fromSteps - m.speed) / Math.min(fromSteps, m.speed);
};

describe('2.5 s and 3 s excerpts of real Kinect walks', () => {
  it('has excerpts of both kinds from both walks to test', () => {
    expect(answers.length).toBeGreaterThan(300);
    for (const walk of KINECT_WALKS) expect(eligible.filter((a) => a.excerpt.walk === walk).length).toBeGreaterThan(60);
  });

  // One of them, at the end of a walker's steady stretch, finds the right cadence but a speed ÷ step length over 15%
  // away from it (a footprint misjudged as the walker slows into the turn): refused, as a doubled cadence is.
  it('answers every excerpt that holds a complete stride of each foot, with a cycle of each, or says why not', () => {
    const refused = eligible.filter((a) => a.reason !== null);
    for (const a of refused) expect(a.reason, label(a)).toMatch(/walking speed and step length give/);
    expect(refused.map(label)).toEqual(['Person001_1.txt 2.5 s from 7.4 s']);
    for (const a of eligible.filter((e) => e.reason === null)) {
      expect(a.metrics?.left.cycleCount, label(a)).toBeGreaterThanOrEqual(1);
      expect(a.metrics?.right.cycleCount, label(a)).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives those a walking cadence, 60–150 steps/min, and one cadence by stride time, step time and steps over time', () => {
    for (const a of eligible) {
      const m = a.metrics;
      if (m === null) continue;
      expect(m.cadence, label(a)).toBeGreaterThan(60);
      expect(m.cadence, label(a)).toBeLessThan(150);
      // Two to four steps: a frame's scatter (33 ms) on one of them is 6% of a step (whole walks agree within 2%).
      // The sides' step times weigh equally; steps over time only over whole strides (an even count), since with
      // an odd count of alternately short and long steps it measures the asymmetry too.
      const fromSteps = [120 / ((m.left.stepTime ?? 0) + (m.right.stepTime ?? 0))];
      if (m.stepCount % 2 === 0) fromSteps.push((60 * m.stepCount) / m.duration);
      for (const other of fromSteps) expect(Math.abs(other / m.cadence - 1), label(a)).toBeLessThan(0.1);
    }
  });

  it('never reports a negative or vanishing step, whatever the excerpt', () => {
    for (const a of answered) {
      for (const m of [a.metrics, a.metrics.left, a.metrics.right])
        expect(m.stepLength, label(a)).toBeGreaterThan(0.05);
    }
  });

  it('gives a speed within 5% of step length × cadence, or says they disagree, whatever the excerpt', () => {
    for (const a of answered) {
      const warned = a.warnings.some((w) => w.includes('differ by more than 5%'));
      expect(speedGap(a.metrics) <= 0.05 || warned, label(a)).toBe(true);
    }
    // And mostly they agree: on these walks, in over three excerpts of four.
    const agreeing = eligible.filter((a) => a.metrics !== null && speedGap(a.metrics) <= 0.05).length;
    expect(agreeing / eligible.length).toBeGreaterThan(0.75);
  });
});

/**
 * Repeatability: the excerpts of one walk stand in for a person's repeated walks. Part of their spread is real (the
 * walkers speed up after setting off and slow before turning), so this bounds it rather than asks for a walkway's.
 */
describe('repeatability over the excerpts of one walk', () => {
  const spread = (walk: string) => {
    const ms = eligible
      .filter((a) => a.excerpt.walk === walk && a.metrics !== null)
      .map((a) => a.metrics as GaitMetrics);
    const stats = (pick: (m: GaitMetrics) => number) => {
      const values = ms.map(pick);
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
      return { mean, sd, cv: (100 * sd) / mean };
    };
    return {
      speed: stats((m) => m.speed),
      stepLength: stats((m) => m.stepLength),
      cadence: stats((m) => m.cadence),
      stance: stats((m) => m.stancePercent),
      doubleSupport: stats((m) => m.doubleSupportPercent),
    };
  };

  it.each(KINECT_WALKS)('%s: cadence within 4% (CV), stance and double support within 4 and 6 points (SD)', (walk) => {
    const s = spread(walk);
    if (process.env.PRINT_KINECT_WINDOWS) console.log(walk, JSON.stringify(s));
    expect(s.cadence.cv).toBeLessThan(4);
    expect(s.speed.cv).toBeLessThan(17);
    expect(s.stepLength.cv).toBeLessThan(16);
    expect(s.stance.sd).toBeLessThan(4);
    expect(s.doubleSupport.sd).toBeLessThan(6);
  });
});
