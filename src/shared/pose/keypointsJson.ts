import { LANDMARK_COUNT, VALUES_PER_LANDMARK, type VideoKeypoints } from './poseKeypoints.ts';

const PER_FRAME = LANDMARK_COUNT * VALUES_PER_LANDMARK;

/**
 * Keypoints as compact JSON: one list of 99 numbers per frame (x, y to a tenth of a pixel, visibility to a
 * hundredth: finer than the model resolves), null for a frame without a body.
 */
export type KeypointsJson = {
  Model: string;
  Width: number;
  Height: number;
  Times_ms: number[];
  Frames: (number[] | null)[];
};

export function toKeypointsJson(keypoints: VideoKeypoints): KeypointsJson {
  const frames = Array.from(keypoints.timesMs, (_, f) => {
    const values = keypoints.values.subarray(f * PER_FRAME, (f + 1) * PER_FRAME);
    if (Number.isNaN(values[0])) return null;
    return Array.from(values, (v, i) => (i % 3 === 2 ? Math.round(v * 100) / 100 : Math.round(v * 10) / 10));
  });
  return {
    Model: keypoints.model,
    Width: keypoints.width,
    Height: keypoints.height,
    Times_ms: Array.from(keypoints.timesMs, (t) => Math.round(t * 1000) / 1000),
    Frames: frames,
  };
}

/** Reads keypoints JSON, saying what is wrong when it is not. */
export function fromKeypointsJson(
  data: unknown,
): { ok: true; keypoints: VideoKeypoints } | { ok: false; error: string } {
  const file = data as Partial<KeypointsJson> | null;
  if (typeof file !== 'object' || file === null || !Array.isArray(file.Frames) || !Array.isArray(file.Times_ms)) {
    return { ok: false, error: 'The keypoints file needs Times_ms and Frames lists.' };
  }
  if (file.Frames.length !== file.Times_ms.length) {
    return { ok: false, error: 'The keypoints file has a different number of Times_ms and Frames.' };
  }
  const values = new Float32Array(file.Frames.length * PER_FRAME).fill(Number.NaN);
  for (const [f, frame] of file.Frames.entries()) {
    if (frame === null) continue;
    if (!Array.isArray(frame) || frame.length !== PER_FRAME || !frame.every(Number.isFinite)) {
      return { ok: false, error: `Frame ${f + 1} of the keypoints file must be ${PER_FRAME} numbers or null.` };
    }
    values.set(frame, f * PER_FRAME);
  }
  return {
    ok: true,
    keypoints: {
      model: String(file.Model ?? ''),
      width: Number(file.Width),
      height: Number(file.Height),
      timesMs: Float64Array.from(file.Times_ms),
      values,
    },
  };
}
