import { describe, expect, it } from 'vitest';
import { toAzureKinectJson } from '../../../tests/fixtures/formats/formatWriters.ts';
import {
  expectNeverThrows,
  expectStoresAsJointData,
  imported,
  jointAt,
  largestGap,
  sessionMetrics,
} from '../../../tests/fixtures/formats/importChecks.ts';
import { formatFixture, person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { decodeUtf8 } from '../utf8.ts';
import { importAzureKinect } from './azureKinect.ts';
import { AZURE_KINECT_JOINTS } from './azureKinectSkeleton.ts';

const walk = person001Walk();
const fixture = decodeUtf8(formatFixture('azure-kinect-walk.json'));

describe('Azure Kinect Body Tracking JSON', () => {
  it('gives the engine the Kinect v1 joints at the places of their Azure twins, in metres with y up', () => {
    const result = imported(importAzureKinect(fixture));
    expect(result.format).toBe('azureKinect');
    for (const joint of ['HipCenter', 'Spine', 'ShoulderCenter', 'KneeLeft', 'AnkleRight', 'FootLeft'] as const) {
      expect(largestGap(result.recording, walk, joint)).toBeLessThan(1e-4);
    }
    // Times restart at 0 from the device clock's microseconds.
    expect(result.recording.bouts[0]?.times[0]).toBe(0);
    expect(result.recording.bouts[0]?.times[1]).toBeCloseTo(1 / 30, 5);
  });

  it('keeps the 32-joint skeleton with the SDK bone list, and the walker rather than a bystander', () => {
    const result = imported(importAzureKinect(fixture));
    expect(result.skeleton.jointNames).toEqual(AZURE_KINECT_JOINTS);
    expect(result.skeleton.bones).toHaveLength(31);
    expect(result.warnings).toContain('The file has 2 bodies; body 1, seen in the most frames, is used.');
    const pelvis = result.skeleton.bouts[0]?.positions.subarray(0, 3);
    expect(Array.from(pelvis ?? [])).toEqual(jointAt(result.recording, 0, 'HipCenter'));
  });

  it('reads a joint of confidence NONE as untracked', () => {
    const result = imported(importAzureKinect(fixture));
    const handTip = AZURE_KINECT_JOINTS.indexOf('HANDTIP_LEFT');
    const at = (f: number) =>
      Array.from(
        result.skeleton.bouts[0]?.positions.subarray((f * 32 + handTip) * 3, (f * 32 + handTip) * 3 + 3) ?? [],
      );
    expect(at(7)).toEqual([0, 0, 0]);
    expect(at(8)).not.toEqual([0, 0, 0]);
  });

  it('stores as a joint data file and gives the same gait metrics as the walk it was made from', () => {
    const result = imported(importAzureKinect(toAzureKinectJson(walk)));
    expectStoresAsJointData(result.recording);
    const [original, read] = [sessionMetrics(walk), sessionMetrics(result.recording)];
    expect(read.cadence).toBeCloseTo(original.cadence, 1);
    expect(read.speed).toBeCloseTo(original.speed, 2);
    expect(read.stepLength).toBeCloseTo(original.stepLength, 2);
    // A plausible adult walk (Bohannon & Williams Andrews 2011: 0.8–1.5 m/s; cadence 90–125 steps/min).
    expect(read.speed).toBeGreaterThan(0.8);
    expect(read.cadence).toBeGreaterThan(90);
  });

  it.each([
    ['{"frames": [', /not valid JSON/],
    ['{"bodies": []}', /no "frames" list/],
    ['{"frames": [{"bodies": []}]}', /Frame 1 has no numeric timestamp_usec/],
    ['{"frames": [{"timestamp_usec": 0, "bodies": []}]}', /No frame of the Azure Kinect file has a body/],
    ['{"frames": [{"timestamp_usec": 0, "bodies": [{"joint_positions": []}]}]}', /no numeric body_id/],
    [
      '{"frames": [{"timestamp_usec": 0, "bodies": [{"body_id": 1, "joint_positions": [[1,2,3]]}]}]}',
      /has 1 joint positions; the 32 joints/,
    ],
    ['{"joint_names": ["PELVIS"], "frames": []}', /joint_names lacks SPINE_NAVEL/],
  ])('explains what is wrong with %s', (text, message) => {
    const result = importAzureKinect(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('refuses timestamps that go backwards or are not microseconds', () => {
    const frames = JSON.parse(toAzureKinectJson(walk)) as { frames: { timestamp_usec: number }[] };
    const swapped = structuredClone(frames);
    [swapped.frames[3], swapped.frames[4]] = [swapped.frames[4] as never, swapped.frames[3] as never];
    expect(importAzureKinect(JSON.stringify(swapped))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Frame 5 has time .* times must increase/) as unknown,
    });
    const seconds = structuredClone(frames);
    for (const frame of seconds.frames) frame.timestamp_usec /= 1e6;
    expect(importAzureKinect(JSON.stringify(seconds))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/frame rate is 3.00e\+7 Hz/) as unknown,
    });
  });

  it('never throws on damaged or random input', () => {
    expectNeverThrows(importAzureKinect, toAzureKinectJson(person001Walk(0, 40)));
  });
});
