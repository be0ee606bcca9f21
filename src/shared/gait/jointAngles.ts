import type { BoutSignals } from './boutSignals.ts';
import type { JointBout } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from './joints.ts';
import { GAIT_CUTOFF_HZ, lowPassZeroLag } from './zeroLagFilter.ts';

/**
 * Sagittal knee and hip flexion per frame, degrees. Each segment's angle is measured in the plane of the direction
 * of progression and the vertical: θ = atan2(v·forward, −v·up) for the segment vector v from its proximal to its
 * distal joint, 0 hanging straight down, positive with the distal end forward. Knee flexion is the thigh's angle
 * less the shank's (0 with the leg straight, positive flexed); hip flexion the thigh's angle less the trunk's
 * (trunk line from its top, ShoulderCenter or, where the sensor gives none, Spine, down to HipCenter), or less the
 * vertical when the trunk was not tracked. The conventions of the Conventional Gait Model (Davis et al. 1991, Hum Mov
 * Sci 10:575–587) in the sagittal plane. Frames where a joint was untracked are bridged linearly in the angle and
 * marked unmeasured; the angles are then low-passed at 6 Hz like the rest of the engine (filtering the angle rather
 * than every joint: the same curve to a fraction of a degree at a sensor's jitter, for a fraction of the work).
 */
export type SideAngles = { knee: Float64Array; hip: Float64Array; measured: Uint8Array };

const DEGREES = 180 / Math.PI;
const FRAME_STRIDE = COORDINATES_PER_FRAME;

export function sagittalAngles(
  bout: JointBout,
  signals: BoutSignals,
  direction: Float64Array,
  up: Float64Array,
  scratch: Float64Array,
): { left: SideAngles; right: SideAngles } {
  const { positions } = bout;
  const { n, from } = signals;
  const tracked = (joint: number, k: number) => {
    const i = (from + k) * FRAME_STRIDE + joint * 3;
    return positions[i] !== 0 || positions[i + 1] !== 0 || positions[i + 2] !== 0;
  };
  const seenAnywhere = (joint: number) => {
    for (let k = 0; k < n; k++) if (tracked(joint, k)) return true;
    return false;
  };
  const trunk = seenAnywhere(JOINT_INDEX.ShoulderCenter)
    ? JOINT_INDEX.ShoulderCenter
    : seenAnywhere(JOINT_INDEX.Spine)
      ? JOINT_INDEX.Spine
      : undefined;
  /** The segment between two joints of the file at frame k: atan2(v·forward, −v·up). */
  const angle = (top: number, bottom: number, k: number) => {
    const a = (from + k) * FRAME_STRIDE + top * 3;
    const b = (from + k) * FRAME_STRIDE + bottom * 3;
    return segmentAngle(
      (positions[b] ?? 0) - (positions[a] ?? 0),
      (positions[b + 1] ?? 0) - (positions[a + 1] ?? 0),
      (positions[b + 2] ?? 0) - (positions[a + 2] ?? 0),
      direction,
      up,
      3 * k,
    );
  };
  // The trunk's angle once per frame for both sides; NaN where the trunk was not tracked.
  const trunkAngles = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    if (trunk === undefined) trunkAngles[k] = 0;
    else if (tracked(trunk, k) && tracked(JOINT_INDEX.HipCenter, k))
      trunkAngles[k] = angle(trunk, JOINT_INDEX.HipCenter, k);
    else trunkAngles[k] = Number.NaN;
  }
  const side = (hip: number, knee: number, ankle: number): SideAngles => {
    const out: SideAngles = { knee: new Float64Array(n), hip: new Float64Array(n), measured: new Uint8Array(n) };
    for (let k = 0; k < n; k++) {
      const trunkAngle = trunkAngles[k] ?? Number.NaN;
      const seen = tracked(hip, k) && tracked(knee, k) && tracked(ankle, k) && !Number.isNaN(trunkAngle);
      out.measured[k] = seen ? 1 : 0;
      if (!seen) continue;
      const thigh = angle(hip, knee, k);
      out.knee[k] = DEGREES * wrap(thigh - angle(knee, ankle, k));
      out.hip[k] = DEGREES * wrap(thigh - trunkAngle);
    }
    for (const series of [out.knee, out.hip]) {
      bridgeGaps(series, out.measured, n);
      lowPassZeroLag(series, series, n, signals.sampleRate, GAIT_CUTOFF_HZ, scratch);
    }
    return out;
  };
  return {
    left: side(JOINT_INDEX.HipLeft, JOINT_INDEX.KneeLeft, JOINT_INDEX.AnkleLeft),
    right: side(JOINT_INDEX.HipRight, JOINT_INDEX.KneeRight, JOINT_INDEX.AnkleRight),
  };
}

/** atan2(v·forward, −v·up) for the vector (x, y, z) and the frame's axes at xyz offset i. */
function segmentAngle(x: number, y: number, z: number, direction: Float64Array, up: Float64Array, i: number): number {
  const forward = x * (direction[i] ?? 0) + y * (direction[i + 1] ?? 0) + z * (direction[i + 2] ?? 0);
  const upward = x * (up[i] ?? 0) + y * (up[i + 1] ?? 0) + z * (up[i + 2] ?? 0);
  return Math.atan2(forward, -upward);
}

/** Unmeasured values filled linearly between their measured neighbours (held at the ends). */
function bridgeGaps(series: Float64Array, measured: Uint8Array, n: number): void {
  let previous = -1;
  for (let k = 0; k <= n; k++) {
    if (k < n && measured[k] !== 1) continue;
    const from = previous;
    const to = k;
    for (let g = from + 1; g < to; g++) {
      if (from < 0) series[g] = to < n ? (series[to] ?? 0) : 0;
      else if (to >= n) series[g] = series[from] ?? 0;
      else series[g] = (series[from] ?? 0) + ((g - from) / (to - from)) * ((series[to] ?? 0) - (series[from] ?? 0));
    }
    previous = k;
  }
}

/** An angle difference into (−π, π]. */
function wrap(radians: number): number {
  if (radians > Math.PI) return radians - 2 * Math.PI;
  if (radians <= -Math.PI) return radians + 2 * Math.PI;
  return radians;
}
