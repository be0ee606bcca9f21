import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawnWalk } from '../../../tests/fixtures/gait/drawnWalks.ts';
import { excerpts } from '../../../tests/fixtures/kinect/kinectWalks.ts';
import { analyseBout } from './boutAnalysis.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { SideSamples, WalkSamples } from './gaitSummary.ts';
import { syntheticWalk } from './syntheticWalk.ts';
import { checkWalk } from './walkChecks.ts';

/**
 * No doubled or halved cadence: a cadence more than 15% from the one speed and step length give (60 × speed ÷ step
 * length) counts steps the feet did not take, or misses steps they took, and the walk is refused with that reason
 * rather than answered with a warning.
 */
const DISAGREE = /walking speed and step length give \d+: steps were counted twice or missed/;

/** The walk's contacts found `factor` times as often, on the same footprints: every stride and step that much shorter. */
function counted(samples: WalkSamples, factor: number): WalkSamples {
  const side = (s: SideSamples): SideSamples => ({
    ...s,
    steps: s.steps.map((step) => ({ ...step, time: step.time / factor })),
    cycles: {
      ...s.cycles,
      strideTime: s.cycles.strideTime.map((t) => t / factor),
      stanceTime: s.cycles.stanceTime.map((t) => t / factor),
    },
  });
  return { ...samples, left: side(samples.left), right: side(samples.right) };
}

describe('a cadence that disagrees with speed ÷ step length', () => {
  it('refuses walks whose steps were counted twice or half as often, and answers the same walks as found', () => {
    fc.assert(
      fc.property(drawnWalk, fc.constantFrom(2, 0.5, 1.5), ({ seed, gait, direction, asymmetry }, factor) => {
        const [speed, cadence, stancePercent] = gait;
        const { recording } = syntheticWalk({
          seed,
          speed,
          cadence,
          stancePercent,
          direction,
          asymmetry,
          durationS: 8,
        });
        const bout = recording.bouts[0];
        if (bout === undefined) throw new Error('no bout');
        const { samples } = analyseBout(bout, 1);
        if (samples === null) throw new Error('the walk as drawn must answer');
        expect(checkWalk(samples, false, undefined, 0, 0).ok).toBe(true);
        const planted = checkWalk(counted(samples, factor), false, undefined, 0, 0);
        expect(planted.ok).toBe(false);
        if (!planted.ok) expect(planted.reason).toMatch(DISAGREE);
      }),
      { numRuns: 40, seed: 2026_12_02 },
    );
  });

  // The real detection failures: 3 s passes of Person004 (KinectGait) where the sensor swaps and loses the feet as
  // the walker sets off and turns, found with a cadence of 236 and 171 steps/min where speed ÷ step length gives 135
  // and 223.
  it.each([1.2, 10])('refuses the Kinect pass of Person004 from %s s, found with a doubled cadence', (from) => {
    const excerpt = excerpts([3], 0.2).find((e) => e.walk === 'Person004_1.txt' && e.from === from);
    if (excerpt === undefined) throw new Error('no such excerpt');
    const result = computeGaitMetrics(excerpt.recording);
    expect(result.status).toBe('insufficient-data');
    if (result.status === 'insufficient-data') expect(result.reason).toMatch(DISAGREE);
  });
});
