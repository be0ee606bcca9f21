import { Matrix4, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';
import { FOOTPRINT_LENGTH, FOOTPRINT_WIDTH, footprintAt, writeFootprintMatrix } from './footprints.ts';

/** A pose with only the left ankle and foot set (scene units). */
function leftFoot(ankle: [number, number, number], foot: [number, number, number]): Float32Array {
  const pose = new Float32Array(COORDINATES_PER_FRAME);
  pose.set(ankle, JOINT_INDEX.AnkleLeft * 3);
  pose.set(foot, JOINT_INDEX.FootLeft * 3);
  return pose;
}

describe('a footprint at a foot contact', () => {
  it('points from the ankle to the foot and lies a little ahead of the ankle, under the foot', () => {
    const print = footprintAt(leftFoot([1, 0.12, 2], [1.1, 0.05, 2.1]), 'left', 0);
    expect(print.heading).toBeCloseTo(Math.PI / 4, 5);
    // Between the ankle and a point a foot's length ahead of it.
    expect(print.x).toBeGreaterThan(1);
    expect(print.z).toBeGreaterThan(2);
    expect(Math.hypot(print.x - 1, print.z - 2)).toBeLessThan(FOOTPRINT_LENGTH / 2);
  });

  it('takes the walking direction when the foot’s own cannot be seen from above', () => {
    expect(footprintAt(leftFoot([0, 0.12, 0], [0, 0.05, 0.005]), 'left', 1.2).heading).toBe(1.2);
  });

  it('draws a foot-sized print flat on the floor, long along the foot', () => {
    const out = new Float32Array(16);
    writeFootprintMatrix({ x: 3, z: -1, heading: Math.PI / 2 }, 0.004, out, 0);
    const matrix = new Matrix4().fromArray(out);
    // The unit disc's front and side edge (it lies in x, z), as drawn.
    const front = new Vector3(0, 0, 0.5).applyMatrix4(matrix);
    const side = new Vector3(0.5, 0, 0).applyMatrix4(matrix);
    expect(front.x).toBeCloseTo(3 + FOOTPRINT_LENGTH / 2, 6);
    expect(front.z).toBeCloseTo(-1, 6);
    expect(front.y).toBeCloseTo(0.004, 6);
    expect(Math.hypot(side.x - 3, side.z + 1)).toBeCloseTo(FOOTPRINT_WIDTH / 2, 6);
  });
});
