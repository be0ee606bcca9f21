import type { BoutSignals, JointTrack } from './boutSignals.ts';
import type { LimbSignals } from './limbSignals.ts';
import { GAIT_CUTOFF_HZ, lowPassZeroLag } from './zeroLagFilter.ts';

/**
 * Sagittal knee and hip flexion per frame, degrees. Each segment's angle is measured in the plane of the direction
 * of progression and the vertical: θ = atan2(v·forward, −v·up) for the segment vector v from its proximal to its
 * distal joint, 0 hanging straight down, positive with the distal end forward. Knee flexion is the thigh's angle
 * less the shank's (0 with the leg straight, positive flexed); hip flexion the thigh's angle less the trunk's
 * (trunk line from its top, ShoulderCenter or Spine, down to HipCenter), or less the vertical when the trunk was
 * not tracked. The conventions of the Conventional Gait Model (Davis et al. 1991, Hum Mov Sci 10:575–587) in the
 * sagittal plane; joints are low-passed at 6 Hz like the rest of the engine.
 */
export type SideAngles = { knee: Float64Array; hip: Float64Array; measured: Uint8Array };

const DEGREES = 180 / Math.PI;

export function sagittalAngles(
  signals: BoutSignals,
  limbs: LimbSignals,
  direction: Float64Array,
  up: Float64Array,
  scratch: Float64Array,
): { left: SideAngles; right: SideAngles } {
  const { n, sampleRate } = signals;
  const smooth = (track: Float64Array) => {
    const out = new Float64Array(3 * n);
    const axis = new Float64Array(n);
    for (let a = 0; a < 3; a++) {
      for (let k = 0; k < n; k++) axis[k] = track[3 * k + a] ?? 0;
      lowPassZeroLag(axis, axis, n, sampleRate, GAIT_CUTOFF_HZ, scratch);
      for (let k = 0; k < n; k++) out[3 * k + a] = axis[k] ?? 0;
    }
    return out;
  };
  const pelvis = smooth(signals.pelvis);
  const trunk = limbs.trunk === undefined ? undefined : smooth(limbs.trunk.position);
  const angle = (from: Float64Array, to: Float64Array, k: number) => {
    let forward = 0;
    let upward = 0;
    for (let a = 0; a < 3; a++) {
      const v = (to[3 * k + a] ?? 0) - (from[3 * k + a] ?? 0);
      forward += v * (direction[3 * k + a] ?? 0);
      upward += v * (up[3 * k + a] ?? 0);
    }
    return Math.atan2(forward, -upward);
  };
  const side = (hipTrack: JointTrack, kneeTrack: JointTrack, ankleTrack: JointTrack): SideAngles => {
    const hip = smooth(hipTrack.position);
    const knee = smooth(kneeTrack.position);
    const ankle = smooth(ankleTrack.position);
    const out: SideAngles = { knee: new Float64Array(n), hip: new Float64Array(n), measured: new Uint8Array(n) };
    for (let k = 0; k < n; k++) {
      const thigh = angle(hip, knee, k);
      out.knee[k] = DEGREES * wrap(thigh - angle(knee, ankle, k));
      out.hip[k] = DEGREES * wrap(thigh - (trunk === undefined ? 0 : angle(trunk, pelvis, k)));
      const trunkSeen = limbs.trunk === undefined || limbs.trunk.measured[k] === 1;
      out.measured[k] =
        hipTrack.measured[k] === 1 && kneeTrack.measured[k] === 1 && ankleTrack.measured[k] === 1 && trunkSeen ? 1 : 0;
    }
    return out;
  };
  return {
    left: side(limbs.left.hip, limbs.left.knee, signals.left.heel),
    right: side(limbs.right.hip, limbs.right.knee, signals.right.heel),
  };
}

/** An angle difference into (−π, π]. */
const wrap = (radians: number) => Math.atan2(Math.sin(radians), Math.cos(radians));
