import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { formatFixture } from '../../../tests/fixtures/formats/walks.ts';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import { parseJointData } from '../gait/jointDataFile.ts';
import { encodeUtf8 } from '../utf8.ts';
import { convertRecording, readRecording } from './convertRecording.ts';
import { ACCEPTED_FORMATS_MESSAGE } from './recogniseFormat.ts';

const converted = (bytes: Uint8Array) => {
  const result = convertRecording(bytes);
  if (!result.ok) throw new Error(result.error);
  return result.converted;
};

describe('convertRecording', () => {
  it.each([
    ['azure-kinect-walk.json', 'azureKinect', 32],
    ['kinect-v2-walk.csv', 'kinectV2Csv', 25],
    ['kinect-v2-walk.json', 'kinectV2Json', 25],
    ['mediapipe-walk.json', 'mediapipePose', 33],
  ])('stores %s as a joint data file the engine reads back exactly', (name, format, joints) => {
    const result = converted(formatFixture(name));
    expect(result.format).toBe(format);
    expect(result.skeleton.jointNames).toHaveLength(joints);
    const stored = parseJointData(result.jointDataText);
    if (!stored.ok) throw new Error(stored.error);
    // Whoever converts the same bytes analyses the same recording: the server at upload, the viewer on a device.
    expect(computeGaitMetrics(result.recording)).toEqual(computeGaitMetrics(stored.recording));
    expect(result.skeleton.bouts).toHaveLength(result.recording.bouts.length);
  });

  it('converts OpenCap TRC and C3D marker trials with their own markers', () => {
    const trc = converted(formatFixture('opencap-walk.trc'));
    expect(trc.format).toBe('opencapTrc');
    expect(trc.skeleton.jointNames.length).toBeGreaterThan(40);
    const c3d = converted(c3dFixture('./PiG_Motion3_FF.c3d'));
    expect(c3d.format).toBe('c3d');
    expect(c3d.skeleton.jointNames).toContain('LASI');
    expect(computeGaitMetrics(c3d.recording).status).toBe('ok');
  });

  it("keeps the portal's own joint data file as it came", () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('../../../tests/fixtures/sessions/walk-joint-data.json', import.meta.url)),
    );
    const result = converted(bytes);
    expect(result.format).toBe('jointData');
    expect(result.jointDataText).toBe(new TextDecoder().decode(bytes));
    expect(result.skeleton.bones).toHaveLength(19);
  });

  it('says what is wrong, or which formats are accepted', () => {
    expect(convertRecording(encodeUtf8('Hello'))).toEqual({ ok: false, error: ACCEPTED_FORMATS_MESSAGE });
    expect(convertRecording(encodeUtf8('{"Steps": []}'))).toEqual({
      ok: false,
      error: 'Joint data file has no steps; at least one step with frames is expected.',
    });
    const mot = convertRecording(formatFixture('opencap-walk.mot'));
    expect(mot.ok ? '' : mot.error).toMatch(/OpenSim motion file holds joint angles/);
  });
});

describe('readRecording', () => {
  it.each([
    [
      'walk-joint-data.json',
      () => readFileSync(new URL('../../../tests/fixtures/sessions/walk-joint-data.json', import.meta.url)),
    ],
    ['azure-kinect-walk.json', () => formatFixture('azure-kinect-walk.json')],
    ['kinect-v2-walk.csv', () => formatFixture('kinect-v2-walk.csv')],
  ])('reads %s as convertRecording does: the same recording, skeleton and format', (_, bytes) => {
    const read = readRecording(new Uint8Array(bytes()));
    const stored = converted(new Uint8Array(bytes()));
    if (!read.ok) throw new Error(read.error);
    expect(read.read.format).toBe(stored.format);
    expect(read.read.recording).toEqual(stored.recording);
    expect(read.read.skeleton).toEqual(stored.skeleton);
  });

  it('refuses what convertRecording refuses, in the same words', () => {
    for (const bad of ['Hello', '{"Steps": []}', '{"Steps":[{"Frames":[{"Timestamp":0}]}]}']) {
      expect(readRecording(encodeUtf8(bad))).toEqual(convertRecording(encodeUtf8(bad)));
    }
  });
});
