import type { Side } from './gaitResult.ts';

/**
 * Kinematics of a synthetic walk with known parameters: the pelvis path and the feet. Positions are Kinect camera
 * space (metres, y up); the floor is the plane y = floorY. The path is a straight line or a circular arc.
 */
export type WalkPath = {
  originX: number;
  originZ: number;
  /** Heading at the start, radians in the floor plane: 0 is +x, π/2 is +z (away from the sensor). */
  heading: number;
  /** 1/m; positive turns from +x toward +z. */
  curvature: number;
};

export type GaitPattern = {
  speed: number;
  strideTime: number;
  /** Stance as a fraction of the gait cycle. */
  stance: number;
  stepLength: number;
  stepWidth: number;
  /** Bout time of one left heel strike; the left foot strikes at this plus any whole number of strides. */
  leftHeelStrike: number;
  path: WalkPath;
  floorY: number;
  bodyHeight: number;
};

/** Position on the floor plane and unit heading; reused by the caller to avoid an object per joint and frame. */
export type PathPoint = { x: number; z: number; hx: number; hz: number };

/**
 * Swing, as fractions of the swing time and distance. The foot leaves the floor from rest (no force can jerk it off)
 * and accelerates uniformly until PEAK, then decelerates uniformly, landing still moving forward at LANDING × its
 * mean swing speed (about 0.6 × walking speed) and with no vertical speed, as measured by Winter 1992 (Phys Ther
 * 72:45–53: heel-contact velocity 0.87 m/s horizontally, negligible vertically). Vertically it accelerates uniformly
 * upward for the first RISE of the swing, turns over, and is braked uniformly for the last SINK. Near each contact
 * the motion is thus exactly quadratic for at least a tenth (toe off) and a seventh (heel strike) of the stride for
 * stance up to 70%: the local shape the engine's event refinement fits (twoPhaseRegression.ts).
 */
const PEAK = 0.45;
const LANDING = 0.25;
const PEAK_SPEED = 2 - LANDING * (1 - PEAK);
const RISE = 0.35;
const SINK = 0.5;
/** Foot clearance at its highest, metres. */
const CLEARANCE = 0.04;
// Vertical speeds (per unit of swing fraction) at the end of the rise and the start of the sink, and the three
// accelerations, chosen so that height and vertical speed are continuous and both ends are at rest on the floor.
const UP_SPEED = CLEARANCE / (RISE / 2 + (1 - RISE - SINK) / (2 * (1 + (1 - SINK) / (1 - RISE))));
const DOWN_SPEED = (UP_SPEED * (1 - SINK)) / (1 - RISE);
const TURN = (UP_SPEED + DOWN_SPEED) / (1 - RISE - SINK);

/** Fraction of the swing distance covered at swing fraction tau. */
function swingProgress(tau: number): number {
  if (tau <= PEAK) return (PEAK_SPEED * tau * tau) / (2 * PEAK);
  const late = tau - PEAK;
  return (PEAK_SPEED * PEAK) / 2 + PEAK_SPEED * late + ((LANDING - PEAK_SPEED) * late * late) / (2 * (1 - PEAK));
}

/** Height above the flat-foot position at swing fraction tau, metres. */
function swingLift(tau: number): number {
  if (tau <= RISE) return (UP_SPEED * tau * tau) / (2 * RISE);
  if (tau >= 1 - SINK) return (DOWN_SPEED * (1 - tau) ** 2) / (2 * SINK);
  const middle = tau - RISE;
  return (UP_SPEED * RISE) / 2 + UP_SPEED * middle - (TURN * middle * middle) / 2;
}

/** Height of the Ankle and Foot joints above the floor while the foot is flat. */
export const ANKLE_HEIGHT = 0.08;
export const FOOT_HEIGHT = 0.03;

export function pathPoint(path: WalkPath, s: number, out: PathPoint): PathPoint {
  const heading = path.heading + path.curvature * s;
  out.hx = Math.cos(heading);
  out.hz = Math.sin(heading);
  if (Math.abs(path.curvature) < 1e-9) {
    out.x = path.originX + s * Math.cos(path.heading);
    out.z = path.originZ + s * Math.sin(path.heading);
  } else {
    out.x = path.originX + (Math.sin(heading) - Math.sin(path.heading)) / path.curvature;
    out.z = path.originZ + (Math.cos(path.heading) - Math.cos(heading)) / path.curvature;
  }
  return out;
}

/** Bout time of the heel strike that starts the cycle containing t, for one foot. */
export function cycleStart(pattern: GaitPattern, side: Side, t: number): number {
  const first = pattern.leftHeelStrike + (side === 'left' ? 0 : pattern.strideTime / 2);
  return first + Math.floor((t - first) / pattern.strideTime) * pattern.strideTime;
}

/**
 * Pelvis (HipCenter) at bout time t. The pelvis rises over each stance limb, sways toward it and is slowest at
 * mid-stance, the pelvic displacements of Saunders, Inman & Eberhart 1953 (J Bone Joint Surg 35-A:543–558).
 */
export function pelvisAt(pattern: GaitPattern, t: number, point: PathPoint): { x: number; y: number; z: number } {
  const { strideTime: T, speed } = pattern;
  const leftMidStance = pattern.leftHeelStrike + (pattern.stance * T) / 2;
  const phase = (2 * Math.PI * (t - leftMidStance)) / T;
  const surge = (0.07 * speed * T) / (4 * Math.PI);
  pathPoint(pattern.path, speed * t - surge * Math.sin(2 * phase), point);
  // Right is heading × up in this right-handed frame; the pelvis is furthest left at left mid-stance.
  const sway = -0.02 * Math.cos(phase);
  return {
    x: point.x - point.hz * sway,
    y: pattern.floorY + 0.53 * pattern.bodyHeight + 0.015 * Math.cos(2 * phase),
    z: point.z + point.hx * sway,
  };
}

/**
 * Foot centroid at bout time t: flat and still from heel strike to toe off, then swinging along the chord to the
 * next footprint.
 */
export function footAt(
  pattern: GaitPattern,
  side: Side,
  t: number,
  point: PathPoint,
): { x: number; y: number; z: number } {
  const { strideTime: T, stance } = pattern;
  const start = cycleStart(pattern, side, t);
  const phase = (t - start) / T;
  const lateral = (side === 'left' ? -0.5 : 0.5) * pattern.stepWidth;
  const from = footprint(pattern, start, lateral, point);
  const y = pattern.floorY + (ANKLE_HEIGHT + FOOT_HEIGHT) / 2;
  if (phase < stance) return { x: from.x, y, z: from.z };
  const to = footprint(pattern, start + T, lateral, point);
  const tau = (phase - stance) / (1 - stance);
  const along = swingProgress(tau);
  return { x: from.x + along * (to.x - from.x), y: y + swingLift(tau), z: from.z + along * (to.z - from.z) };
}

/** Where the foot that strikes at heelStrike stands: half a step ahead of the pelvis's mean position then. */
function footprint(
  pattern: GaitPattern,
  heelStrike: number,
  lateral: number,
  point: PathPoint,
): { x: number; z: number } {
  pathPoint(pattern.path, pattern.speed * heelStrike + pattern.stepLength / 2, point);
  return { x: point.x - point.hz * lateral, z: point.z + point.hx * lateral };
}
