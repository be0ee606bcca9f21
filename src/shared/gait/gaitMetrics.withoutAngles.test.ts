import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitAnalysis } from './gaitResult.ts';
import type { JointRecording } from './jointDataFile.ts';
import { kinectGaitTextToJointData } from './kinectGaitText.ts';
import { syntheticWalk } from './syntheticWalk.ts';

/** The analysis with every joint angle figure (the curves and their symmetry indices) set to null. */
function withoutAngles(analysis: GaitAnalysis): unknown {
  return JSON.parse(
    JSON.stringify(analysis, (key, value: unknown) =>
      ['kneeFlexion', 'hipFlexion', 'kneeRangeOfMotion', 'hipRangeOfMotion'].includes(key) ? null : value,
    ),
  );
}

const realWalk = (name: string): JointRecording => {
  const converted = kinectGaitTextToJointData(
    readFileSync(new URL(`../../server/seed/fixtures/${name}`, import.meta.url), 'utf8'),
  );
  if (!converted.ok) throw new Error(converted.error);
  return converted.recording;
};

const recordings: [string, JointRecording][] = [
  ['a real Kinect walk on a turntable (Person001_1)', realWalk('Person001_1.txt')],
  ['a real Kinect walk on a turntable (Person004_1)', realWalk('Person004_1.txt')],
  [
    'a synthetic walk toward the sensor',
    syntheticWalk({ seed: 7, speed: 1.2, cadence: 110, stancePercent: 60, direction: 'toward', durationS: 20 })
      .recording,
  ],
  [
    'a synthetic turning walk across the view',
    syntheticWalk({ seed: 11, speed: 1.25, cadence: 112, stancePercent: 61, direction: 'across', durationS: 30 })
      .recording,
  ],
];

describe.each(recordings)('the engine without joint angles, on %s', (_name, recording) => {
  it('gives the same events, the same other figures and the same verdict per bout, and no angle curves', () => {
    const full = computeGaitMetrics(recording, { heightM: 1.7 });
    const lean = computeGaitMetrics(recording, { heightM: 1.7, jointAngles: false });
    expect(full.status).toBe('ok');
    expect(withoutAngles(lean)).toEqual(withoutAngles(full));
    if (lean.status !== 'ok' || full.status !== 'ok') throw new Error('not analysed');
    expect(lean.session.left.kneeFlexion).toBeNull();
    expect(lean.session.right.hipFlexion).toBeNull();
    expect(full.session.left.kneeFlexion).not.toBeNull();
  });
});
