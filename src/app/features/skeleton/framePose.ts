import { COORDINATES_PER_FRAME } from '#shared/gait/joints';
import { toSceneUnits, type SceneTransform } from './skeletonScale.ts';

/** Index of the last frame at or before time t, clamped to the bout (binary search: 15 steps for 18,000 frames). */
export function frameAt(times: Float64Array, t: number): number {
  let low = 0;
  let high = times.length - 1;
  if (high < 0 || t <= (times[0] ?? 0)) return 0;
  if (t >= (times[high] ?? 0)) return high;
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if ((times[middle] ?? 0) <= t) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * Writes the joints at time t into out (`stride` numbers: x, y, z per joint; the engine's 20 joints by default),
 * interpolated linearly between the two frames around t, so playback stays smooth at any speed and display rate,
 * then taken from metres to scene units by `scene` when given. Allocation-free: it runs once per displayed frame.
 */
export function writePose(
  times: Float64Array,
  positions: Float32Array,
  t: number,
  out: Float32Array,
  stride: number = COORDINATES_PER_FRAME,
  scene?: SceneTransform,
): void {
  const frame = frameAt(times, t);
  const next = Math.min(frame + 1, times.length - 1);
  const t0 = times[frame] ?? 0;
  const t1 = times[next] ?? 0;
  const w = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
  const a = frame * stride;
  const b = next * stride;
  for (let c = 0; c < stride; c++) {
    const from = positions[a + c] ?? 0;
    out[c] = from + ((positions[b + c] ?? 0) - from) * w;
  }
  if (scene) toSceneUnits(out, scene, stride);
}
