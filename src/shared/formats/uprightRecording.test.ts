import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { imported, sessionMetrics } from '../../../tests/fixtures/formats/importChecks.ts';
import {
  toZUp,
  turnedKinectV2Csv,
  turnedKinectV2Json,
  zUpKinectV2Csv,
  type Point,
} from '../../../tests/fixtures/formats/turnedAxes.ts';
import { formatFixture } from '../../../tests/fixtures/formats/walks.ts';
import { readC3d } from '../c3d/readC3d.ts';
import type { MarkerTrial } from '../c3d/c3dTypes.ts';
import { writeC3d } from '../exports/c3dWriter.ts';
import { parseJointData, type JointRecording } from '../gait/jointDataFile.ts';
import { JOINT_INDEX } from '../gait/joints.ts';
import { decodeUtf8 } from '../utf8.ts';
import { importC3d, importC3dFile } from './c3dImport.ts';
import { convertRecording } from './convertRecording.ts';
import { importKinectV2Csv } from './kinectV2Csv.ts';
import { importKinectV2Json } from './kinectV2Json.ts';

const ROTATIONS: [axis: string, turn: (p: Point) => Point][] = [
  ['+Z', toZUp],
  ['-Z', ([x, y, z]) => [x, z, -y]],
  ['+X', ([x, y, z]) => [y, -x, z]],
  ['-X', ([x, y, z]) => [-y, x, z]],
  ['-Y', ([x, y, z]) => [-x, -y, z]],
];

/** The pelvis's mean height above the ankles, metres, in the recording's y. */
function pelvisAboveAnkles(recording: JointRecording): number {
  const bout = recording.bouts[0];
  const frames = bout?.times.length ?? 0;
  let sum = 0;
  for (let f = 0; f < frames; f++) {
    const y = (joint: number) => bout?.positions[f * 60 + joint * 3 + 1] ?? 0;
    sum += y(JOINT_INDEX.HipCenter) - (y(JOINT_INDEX.AnkleLeft) + y(JOINT_INDEX.AnkleRight)) / 2;
  }
  return sum / frames;
}

describe.each([
  ['CSV', importKinectV2Csv, 'kinect-v2-walk.csv', turnedKinectV2Csv],
  ['JSON', importKinectV2Json, 'kinect-v2-walk.json', turnedKinectV2Json],
] as const)('a Kinect v2 %s recording that stands on another axis than y', (_, read, name, turnText) => {
  const text = decodeUtf8(formatFixture(name));
  const original = imported(read(text));

  it.each(ROTATIONS)('is stood upright from %s, with a warning, to the same joints and metrics', (axis, turn) => {
    const result = imported(read(turnText(text, turn)));
    expect(result.warnings).toContain(
      `The skeleton stands on ${axis}, not on +Y (Kinect v2 camera space's up): the walk is stood upright on it.`,
    );
    expect(original.warnings.join(' ')).not.toMatch(/stands on/);
    expect(pelvisAboveAnkles(result.recording)).toBeGreaterThan(0.6);
    // A quarter or half turn back: the file's own numbers, to the float they were read as.
    expect(result.recording.bouts[0]?.positions).toEqual(original.recording.bouts[0]?.positions);
    expect(result.skeleton.bouts[0]?.positions).toEqual(original.skeleton.bouts[0]?.positions);
    const [before, after] = [sessionMetrics(original.recording), sessionMetrics(result.recording)];
    expect(after.speed).toBe(before.speed);
    expect(after.cadence).toBe(before.cadence);
    expect(after.stepLength).toBe(before.stepLength);
  });
});

describe('the stored recording keeps the corrected axes', () => {
  it('in the joint data file, and in the C3D export made from it', () => {
    const converted = convertRecording(zUpKinectV2Csv());
    if (!converted.ok) throw new Error(converted.error);
    const stored = parseJointData(converted.converted.jointDataText);
    if (!stored.ok) throw new Error(stored.error);
    expect(pelvisAboveAnkles(stored.recording)).toBeGreaterThan(0.6);
    expect(converted.converted.warnings.join(' ')).toMatch(/stands on \+Z/);
    const c3d = writeC3d({ recording: stored.recording, events: [], software: 'test' });
    if (!c3d.ok) throw new Error(c3d.error);
    const file = readC3d(c3d.bytes);
    if (!file.ok) throw new Error(file.error);
    expect(file.file.parameters.get('POINT', 'Y_SCREEN')?.texts[0]).toBe('+Y');
    const back = imported(importC3d(c3d.bytes));
    expect(back.warnings.join(' ')).not.toMatch(/stands on/);
    expect(pelvisAboveAnkles(back.recording)).toBeGreaterThan(0.6);
  });
});

describe('a C3D trial whose POINT:Y_SCREEN is not the vertical its markers stand on', () => {
  it('is read on the vertical of its markers, with a warning', () => {
    const read = readC3d(c3dFixture('./PiG_Motion3_FF.c3d'));
    if (!read.ok) throw new Error(read.error);
    const right = imported(importC3dFile(read.file));
    const screen = read.file.parameters.get('POINT', 'Y_SCREEN');
    if (screen === undefined) throw new Error('no Y_SCREEN');
    const wrong: MarkerTrial = {
      ...read.file,
      parameters: {
        ...read.file.parameters,
        get: (group, parameter) =>
          group === 'POINT' && parameter === 'Y_SCREEN'
            ? { ...screen, texts: ['+Y'] }
            : read.file.parameters.get(group, parameter),
      },
    };
    const result = imported(importC3dFile(wrong));
    expect(right.warnings.join(' ')).not.toMatch(/stands on/);
    expect(result.warnings).toContain(
      'The skeleton stands on +Z, not on +Y (its POINT:Y_SCREEN): the walk is stood upright on it.',
    );
    expect(pelvisAboveAnkles(result.recording)).toBeCloseTo(pelvisAboveAnkles(right.recording), 6);
    expect(sessionMetrics(result.recording).speed).toBeCloseTo(sessionMetrics(right.recording).speed, 6);
  });
});
