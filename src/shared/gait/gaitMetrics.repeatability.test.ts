import { describe, expect, it } from 'vitest';
import { KINECT_WALKS, kinectWalk, type KinectWalk } from '../../../tests/fixtures/kinect/kinectWalks.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitMetrics } from './gaitResult.ts';
import type { JointBout } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME } from './joints.ts';

/**
 * Repeated walks of one person agree as an instrumented walkway's would: cadence within 3%, speed within 5%. Each
 * KinectGait recording holds two passes of its walker, there and back (the steady stretches of kinectWalks.ts); the
 * engine's answers for the two are compared. Figures in docs/gait-metrics.md ("Repeatability").
 */
const PASSES: Record<KinectWalk, [number, number][]> = {
  'Person001_1.txt': [
    [1.4, 9.3],
    [11.3, 18.4],
  ],
  'Person004_1.txt': [
    [1.6, 8.0],
    [11.8, 17.8],
  ],
};

function cut(bout: JointBout, from: number, to: number): JointBout {
  const frames = [...bout.times.keys()].filter((k) => (bout.times[k] ?? 0) >= from && (bout.times[k] ?? 0) <= to);
  const positions = new Float32Array(frames.length * COORDINATES_PER_FRAME);
  frames.forEach((k, i) =>
    positions.set(
      bout.positions.subarray(k * COORDINATES_PER_FRAME, (k + 1) * COORDINATES_PER_FRAME),
      i * COORDINATES_PER_FRAME,
    ),
  );
  return { times: Float64Array.from(frames, (k) => bout.times[k] ?? 0), positions };
}

const passes = (walk: KinectWalk): GaitMetrics[] => {
  const bout = kinectWalk(walk).bouts[0];
  if (bout === undefined) throw new Error('no bout');
  return PASSES[walk].map(([from, to]) => {
    const result = computeGaitMetrics({ bouts: [cut(bout, from, to)] });
    if (result.status !== 'ok') throw new Error(result.reason);
    return result.session;
  });
};
const apart = (a: number, b: number) => Math.abs(a - b) / Math.min(a, b);

describe.each(KINECT_WALKS)('the two passes of %s', (walk) => {
  const [there, back] = passes(walk) as [GaitMetrics, GaitMetrics];

  it('agree on cadence within 3%', () => {
    expect(apart(there.cadence, back.cadence)).toBeLessThan(0.03);
  });

  it('agree on speed within 5%', () => {
    expect(apart(there.speed, back.speed)).toBeLessThan(0.05);
  });
});
