import { describe, expect, it } from 'vitest';
import { boutSignals } from './boutSignals.ts';
import { JOINT_INDEX, type JointName } from './joints.ts';
import { NO_NOISE, syntheticWalk } from './syntheticWalk.ts';

/** A 6 s walk at 30 Hz with the given joints untracked from 2.0 to 2.8 s. */
function walkLosing(...names: JointName[]) {
  const { recording } = syntheticWalk({
    seed: 3,
    speed: 1,
    cadence: 100,
    stancePercent: 60,
    direction: 'toward',
    durationS: 6,
    noise: NO_NOISE,
  });
  const bout = recording.bouts[0];
  if (bout === undefined) throw new Error('no bout');
  bout.times.forEach((t, k) => {
    if (t < 2 || t > 2.8) return;
    for (const name of names)
      bout.positions.fill(0, k * 60 + JOINT_INDEX[name] * 3, k * 60 + JOINT_INDEX[name] * 3 + 3);
  });
  const result = boutSignals(bout);
  if (!result.ok) throw new Error(result.reason);
  const { start, times, n } = result.signals;
  return { frames: bout.times.length, n, first: start, last: start + (times[n - 1] ?? 0), end: bout.times.at(-1) ?? 0 };
}

describe('the stretch of a bout that is analysed', () => {
  it('runs through a foot joint lost for 0.8 s while the other joint of that foot is tracked, or the pelvis while the hips are', () => {
    for (const name of ['FootLeft', 'AnkleRight', 'HipCenter'] as const) {
      const { frames, n } = walkLosing(name);
      expect(n, name).toBe(frames);
    }
  });

  it('ends where both joints of a foot, or the pelvis and a hip, are lost for longer than half a second', () => {
    for (const names of [
      ['AnkleLeft', 'FootLeft'],
      ['HipCenter', 'HipLeft'],
    ] as JointName[][]) {
      const { first, last, end } = walkLosing(...names);
      // The longer side of the gap: from its end to the walk's.
      expect(first, names.join()).toBeGreaterThan(2.8);
      expect(last, names.join()).toBeCloseTo(end, 9);
    }
  });
});
