import { describe, expect, it } from 'vitest';
import { LANDMARK_COUNT, type VideoKeypoints } from './poseKeypoints.ts';
import { longestTrackedRun } from './walkFrames.ts';

const PER_FRAME = LANDMARK_COUNT * 3;

/** n frames of a body whose pelvis is at hipX(f), shoulders 100 px above; NaN frames where hipX is undefined. */
function keypoints(hipX: (f: number) => number | undefined, n: number): VideoKeypoints {
  const values = new Float32Array(n * PER_FRAME).fill(Number.NaN);
  for (let f = 0; f < n; f++) {
    const x = hipX(f);
    if (x === undefined) continue;
    for (let j = 0; j < LANDMARK_COUNT; j++)
      values.set([x, j === 11 || j === 12 ? 100 : 200, 1], f * PER_FRAME + j * 3);
  }
  return {
    model: 'test',
    width: 640,
    height: 480,
    timesMs: Float64Array.from({ length: n }, (_, f) => f * 33),
    values,
  };
}

describe('the tracked walk', () => {
  it('is the longest run of frames with a body', () => {
    expect(longestTrackedRun(keypoints((f) => (f === 3 ? undefined : 5 * f), 12))).toEqual({ first: 4, end: 12 });
  });

  it('ends where the pelvis jumps to another body', () => {
    expect(longestTrackedRun(keypoints((f) => (f < 8 ? 5 * f : 500), 12))).toEqual({ first: 0, end: 8 });
  });

  it('is absent when no frame has a body', () => {
    expect(longestTrackedRun(keypoints(() => undefined, 5))).toBeUndefined();
  });
});
