import { COORDINATES_PER_FRAME } from '#shared/gait/joints';
import { toSceneUnits, BODY_HEIGHT_UNITS, type SceneTransform } from './skeletonScale.ts';
import { HIP } from './sceneShared.ts';

type Vec3 = readonly [number, number, number];
export type CameraPose = { position: Vec3; target: Vec3 };

/** docs/spec.md §2: the camera's vertical field of view, in degrees. */
export const FIELD_OF_VIEW = 45;

/**
 * The views a clinician picks from: the whole walk from the side (sagittal) and from above, and up close on the walker
 * from the front (frontal plane, coming towards the camera) and in three-quarter view (Follow).
 */
export const CAMERA_VIEWS = ['side', 'front', 'top', 'follow'] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number];
export const CAMERA_VIEW_LABELS: Record<CameraView, string> = {
  side: 'Side',
  front: 'Front',
  top: 'Top',
  follow: 'Follow',
};

/** The views that move with the walker and frame the body; the others frame the whole walk and stay put. */
export const tracksWalker = (view: CameraView): boolean => view === 'front' || view === 'follow';

/** Scene-unit box a view has to show, and the walking direction on the floor (a unit x, z vector). */
export type WalkBox = { min: Vec3; max: Vec3; heading: readonly [number, number] };

/** Half a body's reach beyond the pelvis (arms, a stride's feet), and a little headroom above the 2-unit body. */
const REACH = 0.6;
const TOP = BODY_HEIGHT_UNITS + 0.15;
/** A walk whose pelvis moves less than this (treadmill, standing) has no heading of its own. */
const STILL = 0.3;
/** Space left around the box, as a share of the view. */
const MARGIN = 1.12;

/**
 * The box the walk fills in scene units: the pelvis path on the floor widened by a body's reach, floor to head; and
 * the heading from the first to the last pelvis position (across the sensor when the walker barely moves).
 */
export function walkBox(positions: Float32Array, scene: SceneTransform): WalkBox {
  const pelvis = new Float32Array(3);
  let [minX, maxX, minZ, maxZ] = [Infinity, -Infinity, Infinity, -Infinity];
  let first: [number, number] | null = null;
  let last: [number, number] = [0, 0];
  for (let base = 0; base + COORDINATES_PER_FRAME <= positions.length; base += COORDINATES_PER_FRAME) {
    pelvis.set(positions.subarray(base + HIP, base + HIP + 3));
    toSceneUnits(pelvis, scene);
    const [x = 0, , z = 0] = pelvis;
    if (!Number.isFinite(x) || !Number.isFinite(z)) continue;
    [minX, maxX, minZ, maxZ] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minZ, z), Math.max(maxZ, z)];
    first ??= [x, z];
    last = [x, z];
  }
  if (first === null) return { min: [-REACH, 0, -REACH], max: [REACH, TOP, REACH], heading: [1, 0] };
  const dx = last[0] - first[0];
  const dz = last[1] - first[1];
  const length = Math.hypot(dx, dz);
  return {
    min: [minX - REACH, 0, minZ - REACH],
    max: [maxX + REACH, TOP, maxZ + REACH],
    heading: length < STILL ? [1, 0] : [dx / length, dz / length],
  };
}

/** The body's own box around its pelvis on the floor: what Front and Follow keep in view. */
export function bodyBox(pelvisX: number, pelvisZ: number, heading: WalkBox['heading']): WalkBox {
  return { min: [pelvisX - REACH, 0, pelvisZ - REACH], max: [pelvisX + REACH, TOP, pelvisZ + REACH], heading };
}

/**
 * Where each view looks from, towards the target (a unit vector is not needed): from the walker's right (sagittal
 * plane, a little above so the floor shows), from ahead as they come, from above, and Follow's three-quarter view.
 * `across` is square to the heading on the floor, the walker's right.
 */
function viewDirections(view: CameraView, [hx, hz]: WalkBox['heading']): Vec3[] {
  const across: [number, number] = [-hz, hx];
  switch (view) {
    case 'side':
      return [[across[0], 0.18, across[1]]];
    case 'front':
      return [[hx, 0.25, hz]];
    case 'top':
      // Straight down, tipped a hair towards one side so the view has an up; of the two, the one that fits closer.
      return [
        [across[0] * 0.02, 1, across[1] * 0.02],
        [hx * 0.02, 1, hz * 0.02],
      ];
    case 'follow':
      return [[across[0] * 0.8 + hx * 0.6, 0.45, across[1] * 0.8 + hz * 0.6]];
  }
}

/**
 * The camera distance from the box's centre at which every corner of the box is inside the view (camera aimed at
 * the centre, `back` the unit vector from the centre to the camera): for each corner, its offset across (r), up (u)
 * and towards the camera (w) in the camera's frame (three.js lookAt with y up); the corner fits when
 * |r| ≤ (d − w)·tan(h/2) and |u| ≤ (d − w)·tan(v/2), v the vertical field of view and h the horizontal one.
 */
function fitDistance(box: WalkBox, back: Vec3, aspect: number, fovDegrees: number): number {
  const [bx, by, bz] = back;
  // right = normalize(up × back), up' = back × right.
  let [rx, ry, rz] = [bz, 0, -bx];
  const rl = Math.hypot(rx, ry, rz) || 1;
  [rx, ry, rz] = [rx / rl, ry / rl, rz / rl];
  const [ux, uy, uz] = [by * rz - bz * ry, bz * rx - bx * rz, bx * ry - by * rx];
  const tanV = Math.tan((fovDegrees * Math.PI) / 360);
  const tanH = tanV * aspect;
  const centre = boxCentre(box);
  let distance = 0;
  for (let corner = 0; corner < 8; corner++) {
    const cx = (corner & 1 ? box.max[0] : box.min[0]) - centre[0];
    const cy = (corner & 2 ? box.max[1] : box.min[1]) - centre[1];
    const cz = (corner & 4 ? box.max[2] : box.min[2]) - centre[2];
    const r = cx * rx + cy * ry + cz * rz;
    const u = cx * ux + cy * uy + cz * uz;
    const w = cx * bx + cy * by + cz * bz;
    distance = Math.max(distance, w + Math.abs(r) / tanH, w + Math.abs(u) / tanV);
  }
  return distance * MARGIN;
}

const boxCentre = ({ min, max }: WalkBox): Vec3 => [
  (min[0] + max[0]) / 2,
  (min[1] + max[1]) / 2,
  (min[2] + max[2]) / 2,
];

/** The camera for a view of a box on a canvas of this aspect (width / height), aimed at the box's centre. */
export function framePreset(view: CameraView, box: WalkBox, aspect: number, fovDegrees = FIELD_OF_VIEW): CameraPose {
  const safeAspect = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const target = boxCentre(box);
  let best: CameraPose | null = null;
  let bestDistance = Infinity;
  for (const direction of viewDirections(view, box.heading)) {
    const length = Math.hypot(...direction);
    const back: Vec3 = [direction[0] / length, direction[1] / length, direction[2] / length];
    const distance = fitDistance(box, back, safeAspect, fovDegrees);
    if (distance >= bestDistance) continue;
    bestDistance = distance;
    const position: Vec3 = [
      target[0] + back[0] * distance,
      target[1] + back[1] * distance,
      target[2] + back[2] * distance,
    ];
    best = { target, position };
  }
  return best ?? { target, position: [target[0], target[1], target[2] + 5] };
}
