import { COORDINATES_PER_FRAME, JOINT_COUNT, JOINT_INDEX } from '#shared/gait/joints';

/** docs/spec.md §2: the skeleton is rescaled so that the body is 2 scene units tall, whoever walked. */
export const BODY_HEIGHT_UNITS = 2;

const HEAD_Y = JOINT_INDEX.Head * 3 + 1;
const FOOT_LEFT_Y = JOINT_INDEX.FootLeft * 3 + 1;
const FOOT_RIGHT_Y = JOINT_INDEX.FootRight * 3 + 1;
const HIP_X = JOINT_INDEX.HipCenter * 3;

/** Kinect writes an untracked joint as (0, 0, 0); a real joint is never exactly at the sensor. */
const isTracked = (p: Float32Array, i: number) => p[i] !== 0 || p[i + 1] !== 0 || p[i + 2] !== 0;

/** The median of the first `count` values (sorted in place, natively: a typed array sorts by number). */
const median = (values: Float64Array, count: number) =>
  count === 0 ? Number.NaN : (values.subarray(0, count).sort()[count >> 1] ?? Number.NaN);

/**
 * The standing height the viewer draws, in metres: head joint to the lower foot joint, the median over the frames
 * where both are tracked (a median ignores the odd mistracked frame), and the floor as the median lower-foot level.
 */
export function measureBody(bouts: readonly { positions: Float32Array }[]): { heightM: number; floorY: number } {
  const frames = bouts.reduce((sum, { positions }) => sum + positions.length / COORDINATES_PER_FRAME, 0);
  const heights = new Float64Array(frames);
  const floors = new Float64Array(frames);
  let count = 0;
  for (const { positions } of bouts) {
    for (let base = 0; base < positions.length; base += COORDINATES_PER_FRAME) {
      if (!isTracked(positions, base + HEAD_Y - 1)) continue;
      const left = isTracked(positions, base + FOOT_LEFT_Y - 1) ? (positions[base + FOOT_LEFT_Y] ?? 0) : Infinity;
      const right = isTracked(positions, base + FOOT_RIGHT_Y - 1) ? (positions[base + FOOT_RIGHT_Y] ?? 0) : Infinity;
      const foot = Math.min(left, right);
      if (foot === Infinity) continue;
      heights[count] = (positions[base + HEAD_Y] ?? 0) - foot;
      floors[count] = foot;
      count++;
    }
  }
  return { heightM: median(heights, count), floorY: median(floors, count) };
}

/** Scene units per metre; a recording without a usable height keeps its metres rather than blowing up. */
export function bodyScale(heightM: number): number {
  return Number.isFinite(heightM) && heightM > 0.2 ? BODY_HEIGHT_UNITS / heightM : 1;
}

/**
 * An untracked joint would otherwise jump to the sensor and back: hold its last tracked position instead (and, before
 * the first, its first tracked position). A joint never tracked stays where it is. `jointCount` joints per frame:
 * the engine's 20, or as many as the file's own skeleton has. `tracked`, if given, gets a 1 for every joint tracked in
 * some frame (a joint never tracked is not drawn at all), found in the same pass.
 */
export function holdUntrackedJoints(
  positions: Float32Array,
  jointCount: number = JOINT_COUNT,
  tracked?: Uint8Array,
): void {
  const stride = jointCount * 3;
  const frames = positions.length / stride;
  // One pass in memory order, each joint's last tracked position remembered (an index, -1 before the first).
  const last = new Int32Array(jointCount).fill(-1);
  for (let f = 0; f < frames; f++) {
    for (let joint = 0; joint < jointCount; joint++) {
      const i = f * stride + joint * 3;
      if (isTracked(positions, i)) {
        if (last[joint] === -1) for (let g = 0; g < f; g++) positions.copyWithin(g * stride + joint * 3, i, i + 3);
        last[joint] = i;
        continue;
      }
      const from = last[joint] ?? -1;
      if (from < 0) continue;
      positions[i] = positions[from] ?? 0;
      positions[i + 1] = positions[from + 1] ?? 0;
      positions[i + 2] = positions[from + 2] ?? 0;
    }
  }
  if (tracked) for (let joint = 0; joint < jointCount; joint++) if (last[joint] !== -1) tracked[joint] = 1;
}

export type GridCentre = { x: number; z: number };

/** The engine bout's mean pelvis position on the floor: the point put over the grid's centre. */
export function pelvisCentre(positions: Float32Array): GridCentre {
  let sumX = 0;
  let sumZ = 0;
  const frames = positions.length / COORDINATES_PER_FRAME;
  for (let base = 0; base < positions.length; base += COORDINATES_PER_FRAME) {
    sumX += positions[base + HIP_X] ?? 0;
    sumZ += positions[base + HIP_X + 2] ?? 0;
  }
  return { x: frames > 0 ? sumX / frames : 0, z: frames > 0 ? sumZ / frames : 0 };
}

/**
 * Metres to scene units: the floor at y = 0, the bout's mean pelvis position (of the engine's joints, so that the
 * file's own skeleton moves with them) over the grid's centre, and the body BODY_HEIGHT_UNITS tall. Axes are kept
 * (Kinect camera space and three.js are both right-handed, y up). Applied to each drawn pose (writePose), not to the
 * whole recording: a few dozen numbers per frame instead of a pass over every frame before the first is drawn.
 */
export type SceneTransform = { scale: number; floorY: number; centre: GridCentre };

/** Metres to scene units in place, for the `count` numbers (x, y, z per joint) at the start of `pose`. */
export function toSceneUnits(pose: Float32Array, { scale, floorY, centre }: SceneTransform, count = pose.length): void {
  for (let i = 0; i < count; i += 3) {
    pose[i] = ((pose[i] ?? 0) - centre.x) * scale;
    pose[i + 1] = ((pose[i + 1] ?? 0) - floorY) * scale;
    pose[i + 2] = ((pose[i + 2] ?? 0) - centre.z) * scale;
  }
}
