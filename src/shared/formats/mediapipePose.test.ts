import { describe, expect, it } from 'vitest';
import { toMediapipeJson } from '../../../tests/fixtures/formats/formatWriters.ts';
import {
  expectNeverThrows,
  expectStoresAsJointData,
  imported,
  jointAt,
  sessionMetrics,
} from '../../../tests/fixtures/formats/importChecks.ts';
import { formatFixture, person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { NO_NOISE, syntheticWalk } from '../gait/syntheticWalk.ts';
import { decodeUtf8 } from '../utf8.ts';
import { MEDIAPIPE_LANDMARKS } from './mediapipeSkeleton.ts';
import { importMediapipePose } from './mediapipePose.ts';

const fixture = decodeUtf8(formatFixture('mediapipe-walk.json'));

describe('MediaPipe Pose world landmarks', () => {
  it('keeps the 33-landmark skeleton, drops frames without a pose and hides landmarks of low visibility', () => {
    const result = imported(importMediapipePose(fixture));
    expect(result.skeleton.jointNames).toEqual(MEDIAPIPE_LANDMARKS);
    expect(result.skeleton.bones).toHaveLength(35);
    expect(result.recording.bouts[0]?.times.length).toBe(237);
    expect(result.warnings).toContain('3 of 240 frames have no pose and were left out.');
    // Frame 6 of the file (3 of the recording) hides the right wrist (visibility 0.2).
    const wrist = MEDIAPIPE_LANDMARKS.indexOf('right_wrist');
    const at = (f: number) =>
      Array.from(result.skeleton.bouts[0]?.positions.subarray((f * 33 + wrist) * 3, (f * 33 + wrist) * 3 + 3) ?? []);
    expect(at(3)).toEqual([0, 0, 0]);
    expect(at(4)).not.toEqual([0, 0, 0]);
  });

  it('turns y up: the head is above the feet', () => {
    const result = imported(importMediapipePose(fixture));
    const positions = result.recording.bouts[0]?.positions;
    const y = (joint: number) => positions?.[joint * 3 + 1] ?? 0;
    expect(y(3)).toBeGreaterThan(y(15) + 1.2);
  });

  it('restores the travel that hip-centred landmarks lose: a walker of known speed is measured within 10%', () => {
    const { recording, truth } = syntheticWalk({
      seed: 3,
      speed: 1.2,
      cadence: 108,
      stancePercent: 61,
      direction: 'toward',
      durationS: 6,
      noise: NO_NOISE,
    });
    const result = imported(importMediapipePose(toMediapipeJson(recording)));
    expectStoresAsJointData(result.recording);
    const metrics = sessionMetrics(result.recording);
    expect(Math.abs(metrics.speed / 1.2 - 1)).toBeLessThan(0.1);
    // The pelvis travels as far as the walker did, in the same direction.
    const last = (recording.bouts[0]?.times.length ?? 0) - 1;
    const travel = (r: typeof recording) => {
      const [a, b] = [jointAt(r, 0, 'HipCenter'), jointAt(r, last, 'HipCenter')];
      return [0, 2].map((axis) => (b[axis] ?? 0) - (a[axis] ?? 0));
    };
    const [truthTravel, restored] = [travel(recording), travel(result.recording)];
    expect(Math.hypot(...restored) / Math.hypot(...truthTravel)).toBeGreaterThan(0.9);
    expect(Math.hypot(...restored) / Math.hypot(...truthTravel)).toBeLessThan(1.1);
    expect(
      Math.abs(Math.atan2(restored[0] ?? 0, restored[1] ?? 0) - Math.atan2(truthTravel[0] ?? 0, truthTravel[1] ?? 0)),
    ).toBeLessThan(0.1);
    expect(Math.abs(metrics.stepLength / truth.stepLength - 1)).toBeLessThan(0.1);
    expect(Math.abs(metrics.cadence / 108 - 1)).toBeLessThan(0.05);
  });

  it('gives the real Kinect walk turned into landmarks its cadence and a plausible speed', () => {
    const original = sessionMetrics(person001Walk());
    const metrics = sessionMetrics(imported(importMediapipePose(fixture)).recording);
    expect(Math.abs(metrics.cadence / original.cadence - 1)).toBeLessThan(0.05);
    expect(metrics.speed).toBeGreaterThan(0.6);
    expect(metrics.speed).toBeLessThan(1.5);
  });

  it('accepts the JavaScript names, a list of poses and a bare list of frames', () => {
    const frames = (
      JSON.parse(toMediapipeJson(person001Walk(0, 40))) as {
        frames: { timestamp_ms: number; pose_world_landmarks: unknown[] }[];
      }
    ).frames;
    const js = frames.map((f) => ({ timestampMs: f.timestamp_ms, worldLandmarks: [f.pose_world_landmarks] }));
    const result = imported(importMediapipePose(JSON.stringify(js)));
    expect(result.recording.bouts[0]?.times.length).toBe(40);
  });

  it.each([
    ['{', /not valid JSON/],
    ['{"poses": []}', /no list of frames/],
    ['[{"pose_world_landmarks": []}]', /Frame 1 has no numeric timestamp_ms/],
    ['[{"timestamp_ms": 0}]', /Frame 1 has no pose_world_landmarks/],
    [
      '[{"timestamp_ms": 0, "pose_world_landmarks": [{"x": 0, "y": 0, "z": 0}]}]',
      /has 1 landmarks; MediaPipe Pose's 33/,
    ],
    ['[{"timestamp_ms": 0, "pose_world_landmarks": []}]', /holds no frames/],
  ])('explains %s', (text, message) => {
    const result = importMediapipePose(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('never throws on damaged or random input', () => {
    expectNeverThrows(importMediapipePose, toMediapipeJson(person001Walk(0, 30)));
  });
});
