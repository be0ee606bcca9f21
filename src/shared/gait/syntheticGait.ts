import type { Side } from './gaitResult.ts';
import { ANKLE_POINT, FOOT_POINT, footPoint, footPose, type SwingStyle } from './syntheticFoot.ts';
import type { Footfall, Schedule } from './syntheticSchedule.ts';

/**
 * Kinematics of a synthetic walk with known footfalls: the pelvis path and the feet. Positions are Kinect camera
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
  schedule: Schedule;
  speed: number;
  /** Nominal stride time, seconds, and stance as a fraction of the cycle. */
  strideTime: number;
  stance: number;
  stepWidth: number;
  path: WalkPath;
  floorY: number;
  bodyHeight: number;
  /** Each foot's swing (syntheticPathology.ts); a normal swing where absent. */
  swings?: Record<Side, SwingStyle>;
};

/** Position on the floor plane and unit heading; reused by the caller to avoid an object per joint and frame. */
export type PathPoint = { x: number; z: number; hx: number; hz: number };
type Vec = { x: number; y: number; z: number };

function pathPoint(path: WalkPath, s: number, out: PathPoint): PathPoint {
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

/** The last entry of a time-ordered list at or before t (the first if t is before them all). */
function lastAtOrBefore<T extends { strike: number }>(list: readonly T[], t: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((list[mid]?.strike ?? 0) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Distance along the path of the pelvis at time t: at each heel strike midway between the two footprints, and in
 * between a cubic through those points, so that it speeds up and slows down with the steps.
 */
function pelvisAlong(pattern: GaitPattern, t: number): number {
  const strikes = pattern.schedule.strikes;
  const knot = (i: number) => {
    const s = strikes[Math.max(1, Math.min(strikes.length - 1, i))];
    const p = strikes[Math.max(0, Math.min(strikes.length - 2, i - 1))];
    return { t: s?.strike ?? 0, x: ((s?.along ?? 0) + (p?.along ?? 0)) / 2 };
  };
  const i = Math.max(1, Math.min(strikes.length - 2, lastAtOrBefore(strikes, t)));
  const [a, b, c, d] = [knot(i - 1), knot(i), knot(i + 1), knot(i + 2)];
  const h = c.t - b.t;
  const u = h > 0 ? (t - b.t) / h : 0;
  const m0 = ((c.x - a.x) / (c.t - a.t || 1)) * h;
  const m1 = ((d.x - b.x) / (d.t - b.t || 1)) * h;
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * b.x + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * c.x + (u3 - u2) * m1;
}

/** Phase in the left foot's cycle, 0 at its heel strike. */
function leftPhase(pattern: GaitPattern, t: number): number {
  const falls = pattern.schedule.left;
  const i = lastAtOrBefore(falls, t);
  const fall = falls[i] as Footfall;
  const next = falls[i + 1]?.strike ?? fall.strike + pattern.strideTime;
  return (t - fall.strike) / (next - fall.strike);
}

/**
 * Pelvis (HipCenter) at bout time t. The pelvis rises over each stance limb, sways toward it and is slowest at
 * mid-stance, the pelvic displacements of Saunders, Inman & Eberhart 1953 (J Bone Joint Surg 35-A:543–558).
 */
export function pelvisAt(pattern: GaitPattern, t: number, point: PathPoint): Vec {
  const { strideTime: T, speed } = pattern;
  const phase = 2 * Math.PI * (leftPhase(pattern, t) - pattern.stance / 2);
  const surge = (0.07 * speed * T) / (4 * Math.PI);
  pathPoint(pattern.path, pelvisAlong(pattern, t) - surge * Math.sin(2 * phase), point);
  // Right is heading × up in this right-handed frame; the pelvis is furthest left at left mid-stance.
  const sway = -0.02 * Math.cos(phase);
  return {
    x: point.x - point.hz * sway,
    y: pattern.floorY + 0.53 * pattern.bodyHeight + 0.015 * Math.cos(2 * phase),
    z: point.z + point.hx * sway,
  };
}

/** Kinect's Ankle and Foot joints of one foot at bout time t, from the rolling foot's pose. */
export function footJointsAt(pattern: GaitPattern, side: Side, t: number, point: PathPoint): { ankle: Vec; foot: Vec } {
  const falls = pattern.schedule[side];
  const i = Math.min(falls.length - 2, lastAtOrBefore(falls, t));
  const pose = footPose(falls[i] as Footfall, falls[i + 1] as Footfall, t, pattern.speed, pattern.swings?.[side]);
  const lateral = (side === 'left' ? -0.5 : 0.5) * pattern.stepWidth;
  const place = (p: { along: number; height: number }): Vec => {
    pathPoint(pattern.path, p.along, point);
    return { x: point.x - point.hz * lateral, y: pattern.floorY + p.height, z: point.z + point.hx * lateral };
  };
  return { ankle: place(footPoint(pose, ANKLE_POINT)), foot: place(footPoint(pose, FOOT_POINT)) };
}
