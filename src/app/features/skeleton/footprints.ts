import { JOINT_INDEX } from '#shared/gait/joints';
import type { Side } from '#shared/gait/gaitResult';
import type { MatrixArray } from './limbMatrices.ts';

/** A footprint on the floor, in scene units: its middle and the way the foot pointed (radians about y, 0 = +z). */
export type Footprint = { x: number; z: number; heading: number };

/** An adult foot is about 0.26 m long and 0.1 m wide; on the 2-unit body of a 1.7 m walker that is 0.3 by 0.12. */
export const FOOTPRINT_LENGTH = 0.3;
export const FOOTPRINT_WIDTH = 0.12;

const ANKLE: Record<Side, number> = { left: JOINT_INDEX.AnkleLeft * 3, right: JOINT_INDEX.AnkleRight * 3 };
const FOOT: Record<Side, number> = { left: JOINT_INDEX.FootLeft * 3, right: JOINT_INDEX.FootRight * 3 };
/** Ankle and foot closer than this on the floor (a foot seen end on, or lost) say nothing of its direction. */
const NO_DIRECTION = 0.02;

/**
 * Where a foot stands at a contact (a pose of the engine's 20 joints in scene units): the foot points from the ankle,
 * over the heel, to the foot joint, over the toes' root, as seen from above; the print reaches from behind the heel
 * to in front of the foot joint, so its middle is a little ahead of the ankle. A foot whose direction cannot be
 * seen points the way the walker walks (`walkHeading`).
 */
export function footprintAt(pose: Float32Array, side: Side, walkHeading: number): Footprint {
  const ax = pose[ANKLE[side]] ?? 0;
  const az = pose[ANKLE[side] + 2] ?? 0;
  const dx = (pose[FOOT[side]] ?? 0) - ax;
  const dz = (pose[FOOT[side] + 2] ?? 0) - az;
  const reach = Math.hypot(dx, dz);
  const heading = reach < NO_DIRECTION ? walkHeading : Math.atan2(dx, dz);
  // The heel lies about a quarter of the foot's length behind the ankle: the middle is a quarter ahead of it.
  const ahead = FOOTPRINT_LENGTH / 4;
  return { x: ax + Math.sin(heading) * ahead, z: az + Math.cos(heading) * ahead, heading };
}

/**
 * The instance matrix (column-major, at `at`) of a footprint for a unit disc lying on the floor: turned to its
 * heading, stretched to the foot's length and width, and lifted `lift` above the floor.
 */
export function writeFootprintMatrix({ x, z, heading }: Footprint, lift: number, out: MatrixArray, at: number): void {
  const cos = Math.cos(heading);
  const sin = Math.sin(heading);
  // Four columns of four: x stretched across the foot, y, z along it, then the place. prettier-ignore keeps them so.
  // prettier-ignore
  const columns = [
    cos * FOOTPRINT_WIDTH, 0, -sin * FOOTPRINT_WIDTH, 0,
    0, 1, 0, 0,
    sin * FOOTPRINT_LENGTH, 0, cos * FOOTPRINT_LENGTH, 0,
    x, lift, z, 1,
  ];
  columns.forEach((value, i) => (out[at + i] = value));
}
