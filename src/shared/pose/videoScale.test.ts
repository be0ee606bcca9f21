import { describe, expect, it } from 'vitest';
import { LANDMARK_COUNT } from './poseKeypoints.ts';
import { videoScale } from './videoScale.ts';

/** One frame of a body standing straight, 100 px from ankle to knee, knee to hip and hip to shoulder. */
function standing(): Float32Array {
  const values = new Float32Array(LANDMARK_COUNT * 3);
  for (const [ankle, knee, hip, shoulder] of [
    [27, 25, 23, 11],
    [28, 26, 24, 12],
  ] as const) {
    values.set([50, 400, 1], ankle * 3);
    values.set([50, 300, 1], knee * 3);
    values.set([50, 200, 1], hip * 3);
    values.set([50, 100, 1], shoulder * 3);
  }
  return values;
}

describe('video scale', () => {
  it('takes ankle to shoulder as 0.779 of the height', () => {
    const result = videoScale({ kind: 'height', heightM: 1.68 }, standing(), 1);
    expect(result.ok && result.scale.metresPerPixel).toBeCloseTo((0.779 * 1.68) / 300, 9);
    expect(result.ok && result.scale.description).toBe('scale from height 1.68 m');
  });

  it('takes floor marks at their distance, with the uncertainty of marking them', () => {
    const result = videoScale(
      { kind: 'floorMarks', distanceM: 3, from: { x: 0, y: 400 }, to: { x: 300, y: 400 } },
      standing(),
      1,
    );
    expect(result).toEqual({
      ok: true,
      scale: { metresPerPixel: 0.01, uncertainty: 0.02, description: 'scale from floor marks 3.00 m apart' },
    });
  });

  it('refuses a height no patient has and marks on one spot', () => {
    expect(videoScale({ kind: 'height', heightM: 16.8 }, standing(), 1)).toEqual({
      ok: false,
      error: "The patient's height must be between 0.5 and 2.5 m to scale the video.",
    });
    const marks = videoScale(
      { kind: 'floorMarks', distanceM: 3, from: { x: 5, y: 5 }, to: { x: 6, y: 5 } },
      standing(),
      1,
    );
    expect(marks.ok).toBe(false);
  });
});
