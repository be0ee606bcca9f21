import type { JointBout } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME } from './joints.ts';

/** A module-local copy: bundlers and test runners may turn an imported binding into a property read per use. */
const FRAME_STRIDE = COORDINATES_PER_FRAME;
/** No foot moves faster than this (peak swing speed is about 5 m/s at a brisk walk); faster is a tracking glitch. */
const MAX_JOINT_SPEED = 12;
/**
 * Kinect v1, losing the feet, may put them at knee height rather than report them untracked. A walker always has
 * one leg nearly straight, so when even the longer pelvis-to-ankle distance falls below this fraction of its usual
 * value, both feet have been misplaced; a single foot that close is misplaced too.
 */
const MIN_LONGER_LEG_FRACTION = 0.85;
const MIN_LEG_FRACTION = 0.6;

/**
 * Per joint and frame, 1 if the sample is a credible measurement: not the SDK's (0, 0, 0) for "untracked", not an
 * isolated spike, and, for a foot joint, not implausibly close to the pelvis. Joints in the order pelvis, left
 * ankle, left foot, right ankle, right foot.
 */
export function credibleSamples(bout: JointBout, joints: readonly number[]): Uint8Array[] {
  const { times, positions } = bout;
  const count = times.length;
  const masks = joints.map((joint) => {
    const mask = new Uint8Array(count);
    for (let k = 0; k < count; k++) {
      const i = k * FRAME_STRIDE + joint * 3;
      mask[k] = positions[i] !== 0 || positions[i + 1] !== 0 || positions[i + 2] !== 0 ? 1 : 0;
    }
    return mask;
  });
  masks.forEach((mask, j) => dropSpikes(bout, joints[j] ?? 0, mask));
  const [pelvisMask, leftAnkle, leftFoot, rightAnkle, rightFoot] = masks;
  if (pelvisMask === undefined || leftAnkle === undefined || leftFoot === undefined || rightAnkle === undefined || rightFoot === undefined) return masks;
  const [pelvis = 0, leftJoint = 0, , rightJoint = 0] = joints;
  masks.slice(1).forEach((mask, j) => dropFoldedLegs(bout, pelvis, joints[j + 1] ?? 0, pelvisMask, mask));
  dropFoldedStances(bout, pelvis, leftJoint, rightJoint, pelvisMask, leftAnkle, rightAnkle, [leftAnkle, leftFoot, rightAnkle, rightFoot]);
  return masks;
}

function distance(positions: Float32Array, frameA: number, jointA: number, frameB: number, jointB: number): number {
  const a = frameA * FRAME_STRIDE + jointA * 3;
  const b = frameB * FRAME_STRIDE + jointB * 3;
  const dx = (positions[a] ?? 0) - (positions[b] ?? 0);
  const dy = (positions[a + 1] ?? 0) - (positions[b + 1] ?? 0);
  const dz = (positions[a + 2] ?? 0) - (positions[b + 2] ?? 0);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** A sample that leaps away from both neighbours faster than any joint moves is a glitch. */
function dropSpikes({ times, positions }: JointBout, joint: number, mask: Uint8Array): void {
  for (let k = 1; k + 1 < times.length; k++) {
    if (mask[k] === 0 || mask[k - 1] === 0 || mask[k + 1] === 0) continue;
    const before = distance(positions, k, joint, k - 1, joint) / ((times[k] ?? 0) - (times[k - 1] ?? 0));
    const after = distance(positions, k, joint, k + 1, joint) / ((times[k + 1] ?? 0) - (times[k] ?? 0));
    if (before > MAX_JOINT_SPEED && after > MAX_JOINT_SPEED) mask[k] = 0;
  }
}

function dropFoldedLegs({ times, positions }: JointBout, pelvis: number, foot: number, pelvisMask: Uint8Array, mask: Uint8Array): void {
  const count = times.length;
  // The usual pelvis-to-foot distance: a median over a subsample is plenty and keeps the sort small.
  const step = Math.max(1, Math.floor(count / 2000));
  const sample: number[] = [];
  for (let k = 0; k < count; k += step) if (mask[k] === 1 && pelvisMask[k] === 1) sample.push(distance(positions, k, foot, k, pelvis));
  if (sample.length === 0) return;
  const usual = Float64Array.from(sample).sort()[sample.length >> 1] ?? 0;
  for (let k = 0; k < count; k++) {
    if (mask[k] === 1 && pelvisMask[k] === 1 && distance(positions, k, foot, k, pelvis) < MIN_LEG_FRACTION * usual) mask[k] = 0;
  }
}

/** Frames in which even the longer leg is much shorter than usual: both feet are misplaced. */
function dropFoldedStances(
  { times, positions }: JointBout,
  pelvis: number,
  left: number,
  right: number,
  pelvisMask: Uint8Array,
  leftMask: Uint8Array,
  rightMask: Uint8Array,
  feet: Uint8Array[],
): void {
  const count = times.length;
  const longer = (k: number) => Math.max(distance(positions, k, left, k, pelvis), distance(positions, k, right, k, pelvis));
  const usable = (k: number) => pelvisMask[k] === 1 && leftMask[k] === 1 && rightMask[k] === 1;
  const step = Math.max(1, Math.floor(count / 2000));
  const sample: number[] = [];
  for (let k = 0; k < count; k += step) if (usable(k)) sample.push(longer(k));
  if (sample.length === 0) return;
  const usual = Float64Array.from(sample).sort()[sample.length >> 1] ?? 0;
  for (let k = 0; k < count; k++) {
    if (usable(k) && longer(k) < MIN_LONGER_LEG_FRACTION * usual) for (const mask of feet) mask[k] = 0;
  }
}
