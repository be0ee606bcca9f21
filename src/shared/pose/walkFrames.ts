import { LANDMARK_COUNT, VALUES_PER_LANDMARK, type VideoKeypoints } from './poseKeypoints.ts';

const PER_FRAME = LANDMARK_COUNT * VALUES_PER_LANDMARK;
const [LEFT_HIP, RIGHT_HIP, LEFT_SHOULDER, RIGHT_SHOULDER] = [23, 24, 11, 12];
/**
 * Between two frames the pelvis of a walker moves a small part of the trunk's length (at 1.5 m/s and 15 fps, about
 * a fifth). A larger jump means the model took up another body (a passer-by, someone in the background).
 */
const MAX_PELVIS_JUMP_TRUNKS = 0.5;

/** The frames first to end − 1 of the keypoints, as their own keypoints. */
export function sliceKeypoints(keypoints: VideoKeypoints, first: number, end: number): VideoKeypoints {
  return {
    ...keypoints,
    timesMs: keypoints.timesMs.slice(first, end),
    values: keypoints.values.slice(first * PER_FRAME, end * PER_FRAME),
  };
}

/**
 * The longest run of consecutive frames in which one body is tracked: every frame has a pose, and the pelvis never
 * jumps by more than half the trunk's length from one frame to the next. Undefined when no frame has a body.
 */
export function longestTrackedRun(keypoints: VideoKeypoints): { first: number; end: number } | undefined {
  const n = keypoints.timesMs.length;
  let best: { first: number; end: number } | undefined;
  let first = -1;
  for (let f = 0; f <= n; f++) {
    const continues =
      f < n && tracked(keypoints.values, f) && (first < 0 || f === first || sameBody(keypoints.values, f));
    if (continues && first < 0) first = f;
    if (continues) continue;
    if (first >= 0 && (best === undefined || f - first > best.end - best.first)) best = { first, end: f };
    first = f < n && tracked(keypoints.values, f) ? f : -1;
  }
  return best;
}

const tracked = (values: Float32Array, f: number) => Number.isFinite(values[f * PER_FRAME] ?? Number.NaN);

function midpoint(values: Float32Array, f: number, a: number, b: number): [number, number] {
  const at = (j: number, axis: number) => values[f * PER_FRAME + j * VALUES_PER_LANDMARK + axis] ?? 0;
  return [(at(a, 0) + at(b, 0)) / 2, (at(a, 1) + at(b, 1)) / 2];
}

function sameBody(values: Float32Array, f: number): boolean {
  const [hx, hy] = midpoint(values, f, LEFT_HIP, RIGHT_HIP);
  const [px, py] = midpoint(values, f - 1, LEFT_HIP, RIGHT_HIP);
  const [sx, sy] = midpoint(values, f, LEFT_SHOULDER, RIGHT_SHOULDER);
  const trunk = Math.hypot(sx - hx, sy - hy);
  return Math.hypot(hx - px, hy - py) <= MAX_PELVIS_JUMP_TRUNKS * trunk;
}
