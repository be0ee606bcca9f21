import { JOINT_INDEX, type JointName } from './joints.ts';
import { footJointsAt, pelvisAt, type GaitPattern, type PathPoint } from './syntheticGait.ts';

type Vec = { x: number; y: number; z: number };

/** Segment lengths as fractions of body height (Drillis & Contini 1966, as drawn in Winter 2009, Biomechanics and Motor Control of Human Movement, fig. 4.1). */
const THIGH = 0.245;
const SHANK = 0.246;
const UPPER_ARM = 0.186;
const FOREARM = 0.146;
const HAND = 0.05;
/** Peak arm swing, radians either side of hanging; the elbow stays a little flexed. */
const ARM_SWING = 0.35;
const ELBOW_FLEXION = 0.35;

const add = (a: Vec, b: Vec, scale: number): Vec => ({
  x: a.x + b.x * scale,
  y: a.y + b.y * scale,
  z: a.z + b.z * scale,
});
const UP: Vec = { x: 0, y: 1, z: 0 };

/**
 * Writes the 20 Kinect joints of the synthetic walker at bout time t into out (60 numbers from offset).
 * Only the pelvis and feet carry the gait; the rest makes a plausible skeleton for playback.
 */
export function writeSkeleton(
  pattern: GaitPattern,
  t: number,
  out: Float32Array,
  offset: number,
  point: PathPoint,
): void {
  const set = (joint: JointName, v: Vec) => {
    const i = offset + JOINT_INDEX[joint] * 3;
    out[i] = v.x;
    out[i + 1] = v.y;
    out[i + 2] = v.z;
  };
  const height = pattern.bodyHeight;
  const pelvis = pelvisAt(pattern, t, point);
  const forward: Vec = { x: point.hx, y: 0, z: point.hz };
  const right: Vec = { x: -point.hz, y: 0, z: point.hx };
  set('HipCenter', pelvis);
  set('Spine', add(pelvis, UP, 0.06 * height));
  const neck = add(add(pelvis, UP, 0.29 * height), forward, 0.02);
  set('ShoulderCenter', neck);
  set('Head', add(neck, UP, 0.09 * height));

  const firstLeft = pattern.schedule.left[0]?.strike ?? 0;
  const armAngle = ARM_SWING * Math.cos((2 * Math.PI * (t - firstLeft)) / pattern.strideTime);
  for (const side of ['left', 'right'] as const) {
    const sign = side === 'left' ? -1 : 1;
    const names = side === 'left' ? LEFT : RIGHT;
    // Arms swing against the legs: the right arm is forward when the left heel strikes.
    const swing = side === 'right' ? armAngle : -armAngle;
    const shoulder = add(add(neck, right, sign * 0.1 * height), UP, -0.02 * height);
    const elbow = limb(shoulder, forward, swing, UPPER_ARM * height);
    const wrist = limb(elbow, forward, swing + ELBOW_FLEXION, FOREARM * height);
    set(names.shoulder, shoulder);
    set(names.elbow, elbow);
    set(names.wrist, wrist);
    set(names.hand, limb(wrist, forward, swing + ELBOW_FLEXION, HAND * height));

    const hip = add(add(pelvis, right, sign * 0.05 * height), UP, -0.03 * height);
    const { ankle, foot } = footJointsAt(pattern, side, t, point);
    set(names.hip, hip);
    set(names.knee, knee(hip, ankle, forward, THIGH * height, SHANK * height));
    set(names.ankle, ankle);
    set(names.foot, foot);
  }
}

type LimbNames = Record<'shoulder' | 'elbow' | 'wrist' | 'hand' | 'hip' | 'knee' | 'ankle' | 'foot', JointName>;
const LEFT: LimbNames = {
  shoulder: 'ShoulderLeft',
  elbow: 'ElbowLeft',
  wrist: 'WristLeft',
  hand: 'HandLeft',
  hip: 'HipLeft',
  knee: 'KneeLeft',
  ankle: 'AnkleLeft',
  foot: 'FootLeft',
};
const RIGHT: LimbNames = {
  shoulder: 'ShoulderRight',
  elbow: 'ElbowRight',
  wrist: 'WristRight',
  hand: 'HandRight',
  hip: 'HipRight',
  knee: 'KneeRight',
  ankle: 'AnkleRight',
  foot: 'FootRight',
};

/** A segment hanging from a joint, swung forward by angle (radians) in the sagittal plane. */
function limb(from: Vec, forward: Vec, angle: number, length: number): Vec {
  return add(add(from, forward, Math.sin(angle) * length), UP, -Math.cos(angle) * length);
}

/** Two-link inverse kinematics, knee bending forward; a leg too short to reach stays straight. */
function knee(hip: Vec, ankle: Vec, forward: Vec, thigh: number, shank: number): Vec {
  const d = { x: ankle.x - hip.x, y: ankle.y - hip.y, z: ankle.z - hip.z };
  const reach = Math.hypot(d.x, d.y, d.z);
  if (reach >= thigh + shank || reach < 1e-6) return add(hip, d, thigh / (thigh + shank));
  const along = (thigh * thigh - shank * shank + reach * reach) / (2 * reach);
  const out = Math.sqrt(Math.max(0, thigh * thigh - along * along));
  const unit = { x: d.x / reach, y: d.y / reach, z: d.z / reach };
  const dot = forward.x * unit.x + forward.y * unit.y + forward.z * unit.z;
  const bend = { x: forward.x - dot * unit.x, y: forward.y - dot * unit.y, z: forward.z - dot * unit.z };
  const bendLength = Math.hypot(bend.x, bend.y, bend.z) || 1;
  return add(add(hip, unit, along), bend, out / bendLength);
}
