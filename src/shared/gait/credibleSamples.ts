import type { JointBout } from './jointBout.ts';
import { COORDINATES_PER_FRAME } from './joints.ts';
import { median } from './orderStatistics.ts';
import { uint8s } from './gaitWorkspace.ts';

/** A module-local copy: bundlers and test runners may turn an imported binding into a property read per use. */
const FRAME_STRIDE = COORDINATES_PER_FRAME;
/** No foot moves faster than this (peak swing speed is about 5 m/s at a brisk walk); faster is a tracking glitch. */
export const MAX_JOINT_SPEED = 12;
/**
 * Kinect v1, losing the feet, may put them at knee height rather than report them untracked. A walker always has
 * one leg nearly straight, so when even the longer pelvis-to-ankle distance falls below this fraction of its usual
 * value, both feet have been misplaced; a single foot that close to the pelvis is misplaced too.
 */
const MIN_LONGER_LEG_FRACTION = 0.85;
const MIN_LEG_FRACTION = 0.6;
/** Frames sampled to learn the usual leg lengths: a median over this many is plenty. */
const LEG_SAMPLES = 2000;

/**
 * Per joint and frame, 1 if the sample is a credible measurement: not the SDK's (0, 0, 0) for "untracked", not an
 * isolated spike, and, for a foot joint, not implausibly close to the pelvis. Joints in the order pelvis, left
 * ankle, left foot, right ankle, right foot. Every sample, credible or not, is also written as read into its joint's
 * `samples` (3 values a frame), so that the steps after the first walk over the recording's interleaved joints read
 * five contiguous tracks instead (a frame's 20 joints span four cache lines).
 */
export function credibleSamples(
  bout: JointBout,
  joints: readonly [number, number, number, number, number],
  samples: readonly Float64Array[],
): Uint8Array[] {
  const { times, positions } = bout;
  const count = times.length;
  const masks = joints.map(() => uint8s(count));
  markSpikes(
    times,
    positions,
    Int32Array.from(joints, (joint) => joint * 3),
    masks,
    samples,
  );
  dropMisplacedFeet(times, samples, masks);
  return masks;
}

/**
 * Sets each joint's mask per frame to tracked or not, and clears a sample that leaps away from both neighbours faster
 * than any joint moves (a glitch). All joints in one walk over the frames, since a frame's joints share cache lines;
 * the next frame's mask is set just before the spike test of this one, which reads it and the previous one.
 */
function markSpikes(
  times: Float64Array,
  positions: Float32Array,
  offsets: Int32Array,
  masks: Uint8Array[],
  samples: readonly Float64Array[],
): void {
  const count = times.length;
  const joints = offsets.length;
  for (let j = 0; j < joints; j++) {
    const mask = masks[j] as Uint8Array;
    for (let k = 0; k < Math.min(2, count); k++) {
      mask[k] = tracked(positions, k * FRAME_STRIDE + (offsets[j] ?? 0));
      copySample(positions, k * FRAME_STRIDE + (offsets[j] ?? 0), samples[j] as Float64Array, 3 * k);
    }
  }
  for (let k = 1; k + 1 < count; k++) {
    // How far any joint can move from the frame before and to the frame after, squared.
    const before = MAX_JOINT_SPEED * ((times[k] ?? 0) - (times[k - 1] ?? 0));
    const after = MAX_JOINT_SPEED * ((times[k + 1] ?? 0) - (times[k] ?? 0));
    const reachBefore = before * before;
    const reachAfter = after * after;
    for (let j = 0; j < joints; j++) {
      const mask = masks[j] as Uint8Array;
      const track = samples[j] as Float64Array;
      const next = (k + 1) * FRAME_STRIDE + (offsets[j] ?? 0);
      mask[k + 1] = tracked(positions, next);
      copySample(positions, next, track, 3 * (k + 1));
      if (mask[k] === 0 || mask[k - 1] === 0 || mask[k + 1] === 0) continue;
      // The joint's own track holds the three frames' samples as read, contiguous.
      if (
        squaredTrackDistance(track, 3 * k, 3 * (k - 1)) > reachBefore &&
        squaredTrackDistance(track, 3 * k, 3 * (k + 1)) > reachAfter
      ) {
        mask[k] = 0;
      }
    }
  }
}

/** The sample at xyz offset `from` into `into` at `at`. */
function copySample(positions: Float32Array, from: number, into: Float64Array, at: number): void {
  into[at] = positions[from] ?? 0;
  into[at + 1] = positions[from + 1] ?? 0;
  into[at + 2] = positions[from + 2] ?? 0;
}

/** Squared distance between a track's samples at xyz offsets a and b. */
function squaredTrackDistance(track: Float64Array, a: number, b: number): number {
  const dx = (track[a] ?? 0) - (track[b] ?? 0);
  const dy = (track[a + 1] ?? 0) - (track[b + 1] ?? 0);
  const dz = (track[a + 2] ?? 0) - (track[b + 2] ?? 0);
  return dx * dx + dy * dy + dz * dz;
}

/** 1 unless the sample at xyz offset i is the SDK's (0, 0, 0) for "untracked". */
function tracked(positions: Float32Array, i: number): number {
  return positions[i] !== 0 || positions[i + 1] !== 0 || positions[i + 2] !== 0 ? 1 : 0;
}

/** Squared distance between frame k's samples of two joints' tracks: thresholds are squared instead of rooting this. */
function squaredDistance(a: Float64Array, b: Float64Array, k: number): number {
  const dx = (a[3 * k] ?? 0) - (b[3 * k] ?? 0);
  const dy = (a[3 * k + 1] ?? 0) - (b[3 * k + 1] ?? 0);
  const dz = (a[3 * k + 2] ?? 0) - (b[3 * k + 2] ?? 0);
  return dx * dx + dy * dy + dz * dz;
}

function dropMisplacedFeet(times: Float64Array, tracks: readonly Float64Array[], masks: readonly Uint8Array[]): void {
  const count = times.length;
  const [pelvis, leftAnkle, , rightAnkle] = tracks;
  const [pelvisMask, leftMask, , rightMask] = masks;
  if (pelvisMask === undefined || leftMask === undefined || rightMask === undefined) return;
  if (pelvis === undefined || leftAnkle === undefined || rightAnkle === undefined) return;
  // The usual squared pelvis distance of each foot joint, and of the longer leg.
  const step = Math.max(1, Math.floor(count / LEG_SAMPLES));
  const samples = tracks.map(() => [] as number[]);
  for (let k = 0; k < count; k += step) {
    if (pelvisMask[k] === 0) continue;
    for (let j = 1; j < 5; j++)
      if (masks[j]?.[k] === 1) samples[j]?.push(squaredDistance(tracks[j] as Float64Array, pelvis, k));
    if (leftMask[k] === 1 && rightMask[k] === 1) {
      samples[0]?.push(Math.max(squaredDistance(leftAnkle, pelvis, k), squaredDistance(rightAnkle, pelvis, k)));
    }
  }
  const least = samples.map((s, j) =>
    s.length === 0 ? 0 : median(s) * (j === 0 ? MIN_LONGER_LEG_FRACTION ** 2 : MIN_LEG_FRACTION ** 2),
  );
  dropMisplacedFrames(count, tracks as Five<Float64Array>, masks as Five<Uint8Array>, Float64Array.from(least));
}

type Five<T> = readonly [T, T, T, T, T];

/**
 * dropMisplacedFeet's walk over the frames, the four foot joints written out rather than looped over (each joint's
 * track, mask and threshold read from arrays per frame). Joints in credibleSamples' order: pelvis, left ankle, left
 * foot, right ankle, right foot; thresholds first for the longer leg, then per joint.
 */
function dropMisplacedFrames(
  count: number,
  [pelvis, leftAnkle, leftFoot, rightAnkle, rightFoot]: Five<Float64Array>,
  [pelvisMask, leftMask, leftFootMask, rightMask, rightFootMask]: Five<Uint8Array>,
  thresholds: Float64Array,
): void {
  const longerLeast = thresholds[0] ?? 0;
  const leftLeast = thresholds[1] ?? 0;
  const leftFootLeast = thresholds[2] ?? 0;
  const rightLeast = thresholds[3] ?? 0;
  const rightFootLeast = thresholds[4] ?? 0;
  for (let k = 0; k < count; k++) {
    if (pelvisMask[k] === 0) continue;
    // The ankles' distances serve the longer leg's test as well.
    let leftLeg = 0;
    let rightLeg = 0;
    if (leftMask[k] === 1) {
      leftLeg = squaredDistance(leftAnkle, pelvis, k);
      if (leftLeg < leftLeast) leftMask[k] = 0;
    }
    if (leftFootMask[k] === 1 && squaredDistance(leftFoot, pelvis, k) < leftFootLeast) leftFootMask[k] = 0;
    if (rightMask[k] === 1) {
      rightLeg = squaredDistance(rightAnkle, pelvis, k);
      if (rightLeg < rightLeast) rightMask[k] = 0;
    }
    if (rightFootMask[k] === 1 && squaredDistance(rightFoot, pelvis, k) < rightFootLeast) rightFootMask[k] = 0;
    if (leftMask[k] === 1 && rightMask[k] === 1 && Math.max(leftLeg, rightLeg) < longerLeast) {
      leftMask[k] = 0;
      leftFootMask[k] = 0;
      rightMask[k] = 0;
      rightFootMask[k] = 0;
    }
  }
}
