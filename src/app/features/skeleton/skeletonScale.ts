import { COORDINATES_PER_FRAME, JOINT_COUNT, JOINT_INDEX } from '#shared/gait/joints';

/** docs/spec.md §2: the skeleton is rescaled so that the body is 2 scene units tall, whoever walked. */
export const BODY_HEIGHT_UNITS = 2;

const HEAD_Y = JOINT_INDEX.Head * 3 + 1;
const FOOT_LEFT_Y = JOINT_INDEX.FootLeft * 3 + 1;
const FOOT_RIGHT_Y = JOINT_INDEX.FootRight * 3 + 1;
/** The joints the walker stands on: ankles and feet, both sides (a mistracked foot may still leave its ankle). */
const FLOOR_JOINTS_Y = [FOOT_LEFT_Y, FOOT_RIGHT_Y, JOINT_INDEX.AnkleLeft * 3 + 1, JOINT_INDEX.AnkleRight * 3 + 1];
const HIP_X = JOINT_INDEX.HipCenter * 3;
/**
 * The floor's share of the foot and ankle levels below it: a planted foot is the recording's lowest point, so a low
 * percentile puts the floor under the feet through every stance, while the odd foot mistracked below the floor (a
 * Kinect foot lost into the ground) cannot pull it down.
 */
const FLOOR_PERCENTILE = 0.02;

/** Kinect writes an untracked joint as (0, 0, 0); a real joint is never exactly at the sensor. */
const isTracked = (p: Float32Array, i: number) => p[i] !== 0 || p[i + 1] !== 0 || p[i + 2] !== 0;

/** The value at `fraction` of the first `count` values in order (sorted in place, natively: a typed array sorts by number). */
const quantile = (values: Float64Array, count: number, fraction: number) =>
  count === 0 ? Number.NaN : (values.subarray(0, count).sort()[Math.floor((count - 1) * fraction)] ?? Number.NaN);

/**
 * The standing height the viewer draws, in metres: head joint to the lower foot joint, the median over the frames
 * where both are tracked (a median ignores the odd mistracked frame). The floor is the FLOOR_PERCENTILE level of
 * every tracked foot and ankle joint over the recording, head or not: camera y is no floor (docs/joint-data.md, the
 * sensor stands above it), and a recording whose head is never tracked (OpenCap's markers) still stands on it.
 */
export function measureBody(bouts: readonly { positions: Float32Array }[]): { heightM: number; floorY: number } {
  const frames = bouts.reduce((sum, { positions }) => sum + positions.length / COORDINATES_PER_FRAME, 0);
  const heights = new Float64Array(frames);
  const feet = new Float64Array(frames * FLOOR_JOINTS_Y.length);
  let count = 0;
  let footCount = 0;
  for (const { positions } of bouts) {
    for (let base = 0; base < positions.length; base += COORDINATES_PER_FRAME) {
      for (const joint of FLOOR_JOINTS_Y)
        if (isTracked(positions, base + joint - 1)) feet[footCount++] = positions[base + joint] ?? 0;
      if (!isTracked(positions, base + HEAD_Y - 1)) continue;
      const left = isTracked(positions, base + FOOT_LEFT_Y - 1) ? (positions[base + FOOT_LEFT_Y] ?? 0) : Infinity;
      const right = isTracked(positions, base + FOOT_RIGHT_Y - 1) ? (positions[base + FOOT_RIGHT_Y] ?? 0) : Infinity;
      const foot = Math.min(left, right);
      if (foot === Infinity) continue;
      heights[count] = (positions[base + HEAD_Y] ?? 0) - foot;
      count++;
    }
  }
  return { heightM: quantile(heights, count, 0.5), floorY: quantile(feet, footCount, FLOOR_PERCENTILE) };
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
