import { describe, expect, it } from 'vitest';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';
import { frameAt, writePose } from './framePose.ts';
import { kinectV1Skeleton } from '#shared/formats/kinectV1Skeleton';
import { figureShape } from './skeletonJoints.ts';

const times = Float64Array.of(0, 0.1, 0.2, 0.4);
/** Every coordinate of frame f equals f * 10. */
const positions = Float32Array.from(
  { length: 4 * COORDINATES_PER_FRAME },
  (_, i) => Math.floor(i / COORDINATES_PER_FRAME) * 10,
);

describe('frameAt', () => {
  it('finds the last frame at or before the time, clamped to the walk', () => {
    expect(frameAt(times, -1)).toBe(0);
    expect(frameAt(times, 0.1)).toBe(1);
    expect(frameAt(times, 0.39)).toBe(2);
    expect(frameAt(times, 9)).toBe(3);
    expect(frameAt(new Float64Array(0), 1)).toBe(0);
  });
});

describe('writePose', () => {
  it('interpolates between the frames around the time', () => {
    const out = new Float32Array(COORDINATES_PER_FRAME);
    writePose(times, positions, 0.3, out);
    expect(out[0]).toBeCloseTo(25);
    expect(out[59]).toBeCloseTo(25);
    writePose(times, positions, 5, out);
    expect(out[0]).toBe(30);
  });

  it('interpolates a skeleton of any number of joints', () => {
    const stride = 33 * 3;
    const own = Float32Array.from({ length: 2 * stride }, (_, i) => (i < stride ? 0 : 1));
    const out = new Float32Array(stride);
    writePose(Float64Array.of(0, 1), own, 0.25, out, stride);
    expect(out[0]).toBeCloseTo(0.25);
    expect(out[stride - 1]).toBeCloseTo(0.25);
  });
});

describe('figureShape', () => {
  it('draws the 19 bones of the 20-joint body, and its Head joint as the head', () => {
    const shape = figureShape(kinectV1Skeleton({ bouts: [] }), new Uint8Array(20).fill(1));
    expect(shape.boneJoints).toHaveLength(38);
    // First bone: HipCenter (joint 0) to Spine (joint 1); last: AnkleRight (18) to FootRight (19).
    expect(Array.from(shape.boneJoints.subarray(0, 2))).toEqual([0, 1]);
    expect(Array.from(shape.boneJoints.subarray(-2))).toEqual([18, 19]);
    expect(shape.headJoint).toBe(JOINT_INDEX.Head);
  });
});
