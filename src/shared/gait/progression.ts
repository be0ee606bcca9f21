/**
 * Direction of progression from the pelvis path. Averaging the pelvis over one stride removes its side-to-side sway,
 * its rise and fall and its surges within each step (Saunders, Inman & Eberhart 1953) while keeping the walked
 * path, so a curved or turning path gets its local direction. Directions stay in 3D: a stride-averaged pelvis moves
 * parallel to the floor, so they lie in the floor plane even when the Kinect (it has a tilt motor) looks down.
 */
import { firstFrameFrom } from './frameSearch.ts';
import { median } from './orderStatistics.ts';
import { float64sToOverwrite } from './gaitWorkspace.ts';

export type Vector = { x: number; y: number; z: number };

/** Running sums of an xyz path: prefix[3k + a] is the sum of axis a over frames 0..k−1; 3 × (n + 1) numbers. */
export function pathPrefixSums(path: Float64Array, n: number, prefix: Float64Array): void {
  prefix[0] = 0;
  prefix[1] = 0;
  prefix[2] = 0;
  // Running sums in locals, the axes written out: the same additions, without reading back what was just written.
  let x = 0;
  let y = 0;
  let z = 0;
  for (let k = 0; k < n; k++) {
    x += path[3 * k] ?? 0;
    y += path[3 * k + 1] ?? 0;
    z += path[3 * k + 2] ?? 0;
    prefix[3 * k + 3] = x;
    prefix[3 * k + 4] = y;
    prefix[3 * k + 5] = z;
  }
}

/**
 * Centred moving average of the path over ±half frames; the window shrinks symmetrically at the ends so that
 * the average of a steady walk stays on the walk.
 */
export function strideAveragedPath(prefix: Float64Array, n: number, half: number, out: Float64Array): void {
  for (let k = 0; k < n; k++) {
    const h = Math.min(half, k, n - 1 - k);
    const from = 3 * (k - h);
    const to = 3 * (k + h + 1);
    const frames = 2 * h + 1;
    out[3 * k] = ((prefix[to] ?? 0) - (prefix[from] ?? 0)) / frames;
    out[3 * k + 1] = ((prefix[to + 1] ?? 0) - (prefix[from + 1] ?? 0)) / frames;
    out[3 * k + 2] = ((prefix[to + 2] ?? 0) - (prefix[from + 2] ?? 0)) / frames;
  }
}

/**
 * Unit direction of travel at every frame (xyz interleaved): the mean of the window frames after k minus the mean
 * of the window frames before it, i.e. the average displacement over one window, which cancels anything periodic
 * in it. Near the ends the pair of windows is held inside the data rather than shortened. False if nothing moves.
 */
export function travelDirections(prefix: Float64Array, n: number, window: number, out: Float64Array): boolean {
  const w = Math.max(1, Math.min(window, Math.floor(n / 2)));
  let moved = false;
  // The axes written out: loops over them read back each component just written.
  const after = 3 * w;
  for (let k = 0; k < n; k++) {
    const c = 3 * Math.max(w, Math.min(n - w, k));
    const dx = (prefix[c + after] ?? 0) - 2 * (prefix[c] ?? 0) + (prefix[c - after] ?? 0);
    const dy = (prefix[c + after + 1] ?? 0) - 2 * (prefix[c + 1] ?? 0) + (prefix[c - after + 1] ?? 0);
    const dz = (prefix[c + after + 2] ?? 0) - 2 * (prefix[c + 2] ?? 0) + (prefix[c - after + 2] ?? 0);
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (length > 1e-9 * w) moved = true;
    out[3 * k] = length > 0 ? dx / length : 1;
    out[3 * k + 1] = length > 0 ? dy / length : 0;
    out[3 * k + 2] = length > 0 ? dz / length : 0;
  }
  return moved;
}

/** Foot position relative to the pelvis along the direction of progression, per frame (Zeni et al. 2008). */
export function footAlongProgression(
  foot: Float64Array,
  pelvis: Float64Array,
  direction: Float64Array,
  n: number,
  out: Float64Array,
): void {
  for (let k = 0; k < n; k++) {
    const i = 3 * k;
    out[k] =
      ((foot[i] ?? 0) - (pelvis[i] ?? 0)) * (direction[i] ?? 0) +
      ((foot[i + 1] ?? 0) - (pelvis[i + 1] ?? 0)) * (direction[i + 1] ?? 0) +
      ((foot[i + 2] ?? 0) - (pelvis[i + 2] ?? 0)) * (direction[i + 2] ?? 0);
  }
}

/**
 * The pelvis's typical horizontal speed along a smoothed path: the median, over frames, of its speed across a quarter
 * of a second either side. A median rather than distance over time, so that a sensor that stops following the walker
 * for the last second of a walk (the pelvis then crosses the view) does not decide for the seconds it followed.
 */
export function typicalSpeed(smooth: Float64Array, n: number, sampleRate: number): number {
  const half = Math.max(1, Math.round(0.25 * sampleRate));
  const speeds: number[] = [];
  for (let k = half; k + half < n; k += 3) {
    const [a, b] = [3 * (k - half), 3 * (k + half)];
    const dx = (smooth[b] ?? 0) - (smooth[a] ?? 0);
    const dz = (smooth[b + 2] ?? 0) - (smooth[a + 2] ?? 0);
    speeds.push((Math.sqrt(dx * dx + dz * dz) * sampleRate) / (2 * half));
  }
  return speeds.length === 0 ? 0 : median(speeds);
}

/**
 * Horizontal length of a smoothed path between two times (seconds, sub-frame), interpolating inside frames: its
 * projection on the floor (x–z, y being vertical: docs/joint-data.md), so that a slope or stairs add nothing to the
 * distance walked.
 */
export function pathLength(smooth: Float64Array, times: Float64Array, n: number, from: number, to: number): number {
  const start = at(smooth, times, n, from, firstFrameFrom(times, n, from) - 1);
  const end = at(smooth, times, n, to, firstFrameFrom(times, n, to) - 1);
  lastPoint[0] = start.x;
  lastPoint[2] = start.z;
  const length = framesPathLength(smooth, times, n, from, to, lastPoint);
  const dx = end.x - (lastPoint[0] ?? 0);
  const dz = end.z - (lastPoint[2] ?? 0);
  return length + Math.sqrt(dx * dx + dz * dz);
}

const lastPoint = new Float64Array(3);

/**
 * The path's horizontal length from the point in `last` through the frames strictly between two times, leaving the last frame's
 * point in `last`. The walk over the frames is a function of its own, with nothing after the loop: with code after
 * it, V8 compiled the function on the loop's back edge before that code had run, and it then fell back to the
 * interpreter at every call.
 */
function framesPathLength(
  smooth: Float64Array,
  times: Float64Array,
  n: number,
  from: number,
  to: number,
  last: Float64Array,
): number {
  let length = 0;
  // The previous point in plain locals: an object per frame, or a closure over the sum, costs an allocation per frame.
  let px = last[0] ?? 0;
  let pz = last[2] ?? 0;
  for (let k = firstFrameFrom(times, n, from); k < n && (times[k] ?? 0) < to; k++) {
    if ((times[k] ?? 0) <= from) continue;
    const x = smooth[3 * k] ?? 0;
    const z = smooth[3 * k + 2] ?? 0;
    const dx = x - px;
    const dz = z - pz;
    length += Math.sqrt(dx * dx + dz * dz);
    px = x;
    pz = z;
    last[0] = x;
    last[2] = z;
  }
  return length;
}

/** An xyz series at time t, linearly interpolated (clamped to the ends); hint is a frame to start searching from. */
export function at(series: Float64Array, times: Float64Array, n: number, t: number, hint: number): Vector {
  let k = Math.max(0, Math.min(n - 2, hint));
  while (k > 0 && (times[k] ?? 0) > t) k--;
  while (k < n - 2 && (times[k + 1] ?? 0) < t) k++;
  const t0 = times[k] ?? 0;
  const t1 = times[k + 1] ?? t0;
  const w = t1 > t0 ? Math.max(0, Math.min(1, (t - t0) / (t1 - t0))) : 0;
  const i = 3 * k;
  const j = n > 1 ? i + 3 : i;
  return {
    x: (series[i] ?? 0) + w * ((series[j] ?? 0) - (series[i] ?? 0)),
    y: (series[i + 1] ?? 0) + w * ((series[j + 1] ?? 0) - (series[i + 1] ?? 0)),
    z: (series[i + 2] ?? 0) + w * ((series[j + 2] ?? 0) - (series[i + 2] ?? 0)),
  };
}

/** The vertical at each frame: the camera's y axis made square to the direction of progression (a tilted Kinect). */
export function verticals(direction: Float64Array, n: number): Float64Array {
  const up = float64sToOverwrite(3 * n);
  for (let k = 0; k < n; k++) {
    const dy = direction[3 * k + 1] ?? 0;
    const x = -dy * (direction[3 * k] ?? 0);
    const y = 1 - dy * dy;
    const z = -dy * (direction[3 * k + 2] ?? 0);
    const length = Math.sqrt(x * x + y * y + z * z) || 1;
    up[3 * k] = x / length;
    up[3 * k + 1] = y / length;
    up[3 * k + 2] = z / length;
  }
  return up;
}
