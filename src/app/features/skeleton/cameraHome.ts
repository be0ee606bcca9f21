import { HIP } from './sceneShared.ts';

type Vec3 = readonly [number, number, number];
export type CameraHome = { position: Vec3; target: Vec3 };

/** docs/spec.md §2: the camera's vertical field of view, in degrees. */
export const FIELD_OF_VIEW = 45;

/** From the sensor's side, in front of and beside the walker, slightly above (a unit vector's direction). */
const VIEW_DIRECTION: Vec3 = [3.6, 2.4, -7.2];

/** The 2-unit body should fill this share of the view's height, whatever the canvas size. */
const BODY_SHARE = 0.6;
const BODY_HEIGHT = 2;
/** Looks at the pelvis height of the scaled body (scene floor at y 0). */
const TARGET_HEIGHT = 1;

/**
 * Where the camera starts for a walk: aimed at the walker's pelvis in the walk's first frame, at the distance where
 * the body fills BODY_SHARE of the view's height (perspective: height share = h / (2 d tan(fov/2))). The figure is
 * framed from the first frame, at any canvas size, without pressing Follow.
 */
export function cameraHomeFor(positions: Float32Array): CameraHome {
  const x = finite(positions[HIP]);
  const z = finite(positions[HIP + 2]);
  const distance = BODY_HEIGHT / (BODY_SHARE * 2 * Math.tan((FIELD_OF_VIEW * Math.PI) / 360));
  const [dx, dy, dz] = VIEW_DIRECTION;
  const length = Math.hypot(dx, dy, dz);
  const target: Vec3 = [x, TARGET_HEIGHT, z];
  return {
    target,
    position: [x + (dx / length) * distance, TARGET_HEIGHT + (dy / length) * distance, z + (dz / length) * distance],
  };
}

const finite = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : 0);
