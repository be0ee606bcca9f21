import { describe, expect, it } from 'vitest';
import { COORDINATES_PER_FRAME, JOINT_COUNT, JOINT_INDEX } from '#shared/gait/joints';
import { syntheticWalk } from '#shared/gait/syntheticWalk';
import {
  BODY_HEIGHT_UNITS,
  bodyScale,
  holdUntrackedJoints,
  measureBody,
  pelvisCentre,
  toSceneUnits,
} from './skeletonScale.ts';

const y = (joint: keyof typeof JOINT_INDEX) => JOINT_INDEX[joint] * 3 + 1;

/** A still figure: every joint at (x, height fraction, z), the feet 0.8 m below the sensor. */
function standing(heightM: number, frames: number): Float32Array {
  const positions = new Float32Array(frames * COORDINATES_PER_FRAME);
  for (let f = 0; f < frames; f++) {
    for (let j = 0; j < JOINT_COUNT; j++) {
      const base = f * COORDINATES_PER_FRAME + j * 3;
      positions[base] = 0.1 * j + f * 0.01;
      positions[base + 1] = -0.8 + (heightM * (JOINT_COUNT - j)) / JOINT_COUNT;
      positions[base + 2] = 2.5;
    }
    positions[f * COORDINATES_PER_FRAME + y('Head')] = -0.8 + heightM;
    positions[f * COORDINATES_PER_FRAME + y('FootLeft')] = -0.8;
    positions[f * COORDINATES_PER_FRAME + y('FootRight')] = -0.8 + 0.1;
  }
  return positions;
}

describe('skeleton rescaling', () => {
  it('makes the body 2 units tall with the feet on the floor, whatever the height in metres', () => {
    for (const heightM of [1.1, 1.55, 1.9]) {
      const positions = standing(heightM, 5);
      const body = measureBody([{ positions }]);
      expect(body.heightM).toBeCloseTo(heightM);
      toSceneUnits(positions, { scale: bodyScale(body.heightM), floorY: body.floorY, centre: pelvisCentre(positions) });
      expect(positions[y('Head')]).toBeCloseTo(BODY_HEIGHT_UNITS);
      expect(positions[y('FootLeft')]).toBeCloseTo(0);
    }
  });

  it('centres the walk on the grid', () => {
    const positions = standing(1.7, 3);
    toSceneUnits(positions, { scale: 1, floorY: -0.8, centre: pelvisCentre(positions) });
    // The pelvis (joint 0) is at x = 0, 0.01, 0.02 and z = 2.5: centred, it is at -0.01, 0, 0.01 and z = 0.
    expect(positions[COORDINATES_PER_FRAME]).toBeCloseTo(0);
    expect(positions[2]).toBeCloseTo(0);
  });

  it('ignores untracked frames and falls back to metres when no height can be measured', () => {
    const positions = standing(1.6, 4);
    positions.fill(0, 0, COORDINATES_PER_FRAME);
    expect(measureBody([{ positions }]).heightM).toBeCloseTo(1.6);
    expect(bodyScale(measureBody([{ positions: new Float32Array(COORDINATES_PER_FRAME) }]).heightM)).toBe(1);
  });

  it('rescales a synthetic walker of known height to 2 units', () => {
    const { recording } = syntheticWalk({
      seed: 3,
      speed: 1.2,
      cadence: 110,
      stancePercent: 61,
      direction: 'toward',
      durationS: 4,
      bodyHeight: 1.8,
    });
    const body = measureBody(recording.bouts);
    const bout = recording.bouts[0];
    if (!bout) throw new Error('no bout');
    holdUntrackedJoints(bout.positions);
    toSceneUnits(bout.positions, {
      scale: bodyScale(body.heightM),
      floorY: body.floorY,
      centre: pelvisCentre(bout.positions),
    });
    const heights: number[] = [];
    for (let f = 0; f < bout.times.length; f++) {
      const base = f * COORDINATES_PER_FRAME;
      heights.push(
        (bout.positions[base + y('Head')] ?? 0) -
          Math.min(bout.positions[base + y('FootLeft')] ?? 0, bout.positions[base + y('FootRight')] ?? 0),
      );
    }
    heights.sort((a, b) => a - b);
    expect(heights[heights.length >> 1]).toBeCloseTo(BODY_HEIGHT_UNITS, 1);
  });
});

describe('holdUntrackedJoints', () => {
  it('holds an untracked joint at its last tracked position, and at its first before that', () => {
    const positions = standing(1.7, 4);
    const head = JOINT_INDEX.Head * 3;
    positions.fill(0, head, head + 3);
    positions.fill(0, 2 * COORDINATES_PER_FRAME + head, 2 * COORDINATES_PER_FRAME + head + 3);
    holdUntrackedJoints(positions);
    expect(positions[head + 1]).toBeCloseTo(0.9);
    expect(positions[head]).toBeCloseTo(positions[COORDINATES_PER_FRAME + head] ?? Number.NaN);
    expect(positions[2 * COORDINATES_PER_FRAME + head]).toBeCloseTo(
      positions[COORDINATES_PER_FRAME + head] ?? Number.NaN,
    );
  });
});
