import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from '#shared/gait/joints';
import {
  bodyBox,
  CAMERA_VIEWS,
  FIELD_OF_VIEW,
  framePreset,
  tracksWalker,
  walkBox,
  type CameraPose,
  type WalkBox,
} from './cameraPresets.ts';

/** A walk of `frames` frames whose pelvis goes in a straight line from `from` to `to` (metres, x and z). */
function pelvisPath(frames: number, from: [number, number], to: [number, number]): Float32Array {
  const positions = new Float32Array(frames * COORDINATES_PER_FRAME);
  for (let f = 0; f < frames; f++) {
    const at = f / (frames - 1);
    const base = f * COORDINATES_PER_FRAME + JOINT_INDEX.HipCenter * 3;
    positions[base] = from[0] + (to[0] - from[0]) * at;
    positions[base + 1] = 0.9;
    positions[base + 2] = from[1] + (to[1] - from[1]) * at;
  }
  return positions;
}

const identity = { scale: 1, floorY: 0, centre: { x: 0, z: 0 } };

/** The box's corners as three.js projects them with that camera: normalised device coordinates, −1 to 1 on screen. */
function projectedCorners({ min, max }: WalkBox, pose: CameraPose, aspect: number): Vector3[] {
  const camera = new PerspectiveCamera(FIELD_OF_VIEW, aspect, 0.05, 500);
  camera.position.set(...pose.position);
  camera.lookAt(...pose.target);
  camera.updateMatrixWorld();
  return [0, 1, 2, 3, 4, 5, 6, 7].map((c) =>
    new Vector3(c & 1 ? max[0] : min[0], c & 2 ? max[1] : min[1], c & 4 ? max[2] : min[2]).project(camera),
  );
}

describe('the walk’s box', () => {
  it('spans the pelvis path, a body’s reach either side and floor to head, heading the way the walker went', () => {
    const box = walkBox(pelvisPath(50, [2, 1], [-2, 1]), { scale: 2, floorY: 0, centre: { x: 0, z: 1 } });
    expect(box.min[0]).toBeCloseTo(-4.6, 5);
    expect(box.max[0]).toBeCloseTo(4.6, 5);
    expect(box.min[2]).toBeCloseTo(-0.6, 5);
    expect(box.min[1]).toBe(0);
    expect(box.max[1]).toBeGreaterThan(2);
    expect(box.heading[0]).toBeCloseTo(-1, 5);
    expect(box.heading[1]).toBeCloseTo(0, 5);
  });

  it('keeps a heading across the sensor for a walker who stays put (treadmill)', () => {
    expect(walkBox(pelvisPath(50, [0, 2], [0.05, 2]), identity).heading).toEqual([1, 0]);
  });
});

describe('camera presets', () => {
  const walk = walkBox(pelvisPath(100, [-3, 2.5], [3, 2.5]), identity);
  const follow = bodyBox(0, 0, [0, 1]);
  // Tablet landscape and portrait, and the stage of a phone held upright.
  const aspects = [1000 / 520, 740 / 640, 370 / 330, 370 / 520];

  it('shows the whole box and fills the view along one of its sides, on every canvas shape', () => {
    for (const aspect of aspects)
      for (const view of CAMERA_VIEWS) {
        const box = tracksWalker(view) ? follow : walk;
        const corners = projectedCorners(box, framePreset(view, box, aspect), aspect);
        for (const { x, y, z } of corners) {
          expect(Math.abs(x), `${view} at ${aspect.toFixed(2)}`).toBeLessThanOrEqual(1);
          expect(Math.abs(y), `${view} at ${aspect.toFixed(2)}`).toBeLessThanOrEqual(1);
          expect(z).toBeLessThan(1);
        }
        const spread = (axis: 'x' | 'y') => Math.max(...corners.map((c) => Math.abs(c[axis])));
        expect(Math.max(spread('x'), spread('y')), `${view} at ${aspect.toFixed(2)}`).toBeGreaterThan(0.8);
      }
  });

  it('looks square to the walking direction from the side, along it from the front, and down from the top', () => {
    const heading = new Vector3(walk.heading[0], 0, walk.heading[1]);
    const look = (view: 'side' | 'front' | 'top') => {
      const { position, target } = framePreset(view, view === 'front' ? bodyBox(0, 0, walk.heading) : walk, 4 / 3);
      return new Vector3(...position).sub(new Vector3(...target)).normalize();
    };
    expect(Math.abs(look('side').dot(heading))).toBeLessThan(0.01);
    expect(look('side').y).toBeLessThan(0.25);
    expect(look('front').dot(heading)).toBeGreaterThan(0.9);
    expect(look('top').y).toBeGreaterThan(0.99);
  });

  it('lays a long walk along the wider side of the screen when seen from the top', () => {
    const spread = (aspect: number) => {
      const corners = projectedCorners(walk, framePreset('top', walk, aspect), aspect);
      const along = (axis: 'x' | 'y') =>
        Math.max(...corners.map((c) => c[axis])) - Math.min(...corners.map((c) => c[axis]));
      return { x: along('x'), y: along('y') };
    };
    const wide = spread(16 / 9);
    expect(wide.x).toBeGreaterThan(wide.y);
    const tall = spread(9 / 16);
    expect(tall.y).toBeGreaterThan(tall.x);
  });

  it('draws a walker followed up close larger than the whole walk from the side', () => {
    const height = (box: WalkBox, pose: CameraPose) => {
      const ys = projectedCorners(box, pose, 4 / 3).map((c) => c.y);
      return Math.max(...ys) - Math.min(...ys);
    };
    const body = bodyBox(0, 2.5, walk.heading);
    expect(height(body, framePreset('follow', body, 4 / 3))).toBeGreaterThan(
      2 * height(body, framePreset('side', walk, 4 / 3)),
    );
  });
});
