import { describe, expect, it } from 'vitest';
import { readC3d } from '../c3d/readC3d.ts';
import type { C3dFile } from '../c3d/c3dTypes.ts';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { c3dToJointData } from './c3dJointData.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { JointRecording } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from './joints.ts';

/**
 * Step width is measured heel to heel across the line of progression, per step: from the heel markers (LHEE, RHEE)
 * where a C3D trial has them (JointBout.heels), else from the Ankle joint, which stands for the heel on a Kinect
 * (boutSignals.ts); the Foot joint, which a foot turned out carries sideways, does not count. The reference: the
 * same trial measured with its heel markers as the ankles. Without the markers the Ankle joint (Plug-in Gait's ankle
 * joint centre lies 0.2–2.6 cm lateral of each heel marker on these trials) reads 2–4 cm wide (docs/gait-metrics.md).
 */
const TRIALS = ['PiG_Motion3_FF', 'PiG_Motion3_FF_N18', 'forceplates/PiG_Motion-FlatFoot-One'] as const;

function trial(name: string): C3dFile {
  const read = readC3d(c3dFixture(`./${name}.c3d`));
  if (!read.ok) throw new Error(read.error);
  return read.file;
}

function stepWidth(recording: JointRecording): number {
  const result = computeGaitMetrics(recording);
  if (result.status !== 'ok' || result.session.stepWidth === null) throw new Error('no step width');
  return result.session.stepWidth;
}

function joints(file: C3dFile): JointRecording {
  const converted = c3dToJointData(file);
  if (!converted.ok) throw new Error(converted.error);
  return converted.recording;
}

/** The same trial with the heel markers taken for the ankle joint centres. */
const heelsAsAnkles = (file: C3dFile): C3dFile => {
  const rename: Record<string, string> = { LHEE: 'LTIO', RHEE: 'RTIO', LTIO: 'LTIO-', RTIO: 'RTIO-' };
  return { ...file, points: { ...file.points, labels: file.points.labels.map((l) => rename[l] ?? l) } };
};

/** Each Foot joint moved `by` metres outward, across the walk (x–z plane, Kinect camera space): the toes turned out. */
function toesOut(recording: JointRecording, by: number): JointRecording {
  const bout = recording.bouts[0];
  if (!bout) throw new Error('no bout');
  const n = bout.times.length;
  const p = bout.positions;
  const hip = (f: number, a: number) => p[f * COORDINATES_PER_FRAME + JOINT_INDEX.HipCenter * 3 + a] ?? 0;
  const [dx, dz] = [hip(n - 1, 0) - hip(0, 0), hip(n - 1, 2) - hip(0, 2)];
  const length = Math.hypot(dx, dz);
  const across = { x: -dz / length, z: dx / length };
  const lateral = (f: number, joint: number) => {
    const at = f * COORDINATES_PER_FRAME + joint * 3;
    return (p[at] ?? 0) * across.x + (p[at + 2] ?? 0) * across.z;
  };
  // Which way is outward for the left foot: away from the right ankle.
  const leftSign = Math.sign(lateral(n >> 1, JOINT_INDEX.AnkleLeft) - lateral(n >> 1, JOINT_INDEX.AnkleRight));
  const positions = p.slice();
  for (let f = 0; f < n; f++) {
    for (const [joint, sign] of [
      [JOINT_INDEX.FootLeft, leftSign],
      [JOINT_INDEX.FootRight, -leftSign],
    ] as const) {
      const at = f * COORDINATES_PER_FRAME + joint * 3;
      if (positions[at] === 0 && positions[at + 1] === 0 && positions[at + 2] === 0) continue;
      positions[at] = (positions[at] ?? 0) + sign * by * across.x;
      positions[at + 2] = (positions[at + 2] ?? 0) + sign * by * across.z;
    }
  }
  return { bouts: [{ ...bout, positions }] };
}

/** The recording as a Kinect file would carry it: joints only, no heel markers. */
const withoutHeels = (recording: JointRecording): JointRecording => ({
  bouts: recording.bouts.map(({ times, positions }) => ({ times, positions })),
});

describe.each(TRIALS)('step width on the Vicon trial %s', (name) => {
  const file = trial(name);
  const width = stepWidth(joints(file));
  const heels = stepWidth(joints(heelsAsAnkles(file)));

  it('does not widen when the toes turn out', () => {
    expect(Math.abs(stepWidth(toesOut(joints(file), 0.04)) - width)).toBeLessThan(0.002);
  });

  it('lies within 2 cm of the heel markers', () => {
    expect(Math.abs(width - heels)).toBeLessThan(0.02);
  });

  it('falls back on the Ankle joint without heel markers: within 4 cm, never narrower by over 1 cm', () => {
    const ankles = stepWidth(withoutHeels(joints(file)));
    expect(ankles - heels).toBeLessThan(0.04);
    expect(ankles - heels).toBeGreaterThan(-0.01);
    expect(Math.abs(stepWidth(toesOut(withoutHeels(joints(file)), 0.04)) - ankles)).toBeLessThan(0.002);
  });
});
