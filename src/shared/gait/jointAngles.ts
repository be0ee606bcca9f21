import type { BoutSignals } from './boutSignals.ts';
import type { JointBout } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from './joints.ts';
import { GAIT_CUTOFF_HZ, lowPassZeroLagPair } from './zeroLagFilter.ts';
import { float64s, uint8s } from './gaitWorkspace.ts';

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
  const seenAnywhere = (joint: number) => {
    for (let k = 0; k < n; k++) if (tracked(positions, (from + k) * FRAME_STRIDE + joint * 3)) return true;
    return false;
  };
  const trunk = seenAnywhere(JOINT_INDEX.ShoulderCenter)
    ? JOINT_INDEX.ShoulderCenter
    : seenAnywhere(JOINT_INDEX.Spine)
      ? JOINT_INDEX.Spine
      : undefined;
  const side = (): SideAngles => ({ knee: float64s(n), hip: float64s(n), measured: uint8s(n) });
  const left = side();
  const right = side();
  frameAngles(positions, from, n, trunk, left, right, direction, up);
  for (const out of [left, right]) {
    bridgeGaps(out.knee, out.measured, n);
    bridgeGaps(out.hip, out.measured, n);
    lowPassZeroLagPair(out.knee, out.hip, n, signals.sampleRate, GAIT_CUTOFF_HZ, scratch);
  }
  return { left, right };
}

/**
 * The trunk's and both legs' angles in one walk over the frames: the frame's axes are read once for all five
 * segments. A function of its own: inline, V8 compiled sagittalAngles on this loop's back edge before the code after
 * it had run, and that code then fell back to the interpreter at every call.
 */
function frameAngles(
  positions: Float32Array,
  from: number,
  n: number,
  trunk: number | undefined,
  left: SideAngles,
  right: SideAngles,
  direction: Float64Array,
  up: Float64Array,
): void {
  const legs = [
    { out: left, hip: JOINT_INDEX.HipLeft * 3, knee: JOINT_INDEX.KneeLeft * 3, ankle: JOINT_INDEX.AnkleLeft * 3 },
    { out: right, hip: JOINT_INDEX.HipRight * 3, knee: JOINT_INDEX.KneeRight * 3, ankle: JOINT_INDEX.AnkleRight * 3 },
  ];
  const pelvis = JOINT_INDEX.HipCenter * 3;
  for (let k = 0; k < n; k++) {
    const f = (from + k) * FRAME_STRIDE;
    const axes = 3 * k;
    // The trunk's angle for both sides; NaN where the trunk was not tracked, 0 where the sensor gives no trunk.
    let trunkAngle = 0;
    if (trunk !== undefined)
      trunkAngle =
        tracked(positions, f + trunk * 3) && tracked(positions, f + pelvis)
          ? segmentAngle(positions, f + trunk * 3, f + pelvis, direction, up, axes)
          : Number.NaN;
    // An indexed loop: for…of with destructuring would allocate per frame.
    for (let s = 0; s < legs.length; s++) {
      const { out, hip, knee, ankle } = legs[s] as (typeof legs)[number];
      const seen =
        tracked(positions, f + hip) &&
        tracked(positions, f + knee) &&
        tracked(positions, f + ankle) &&
        !Number.isNaN(trunkAngle);
      out.measured[k] = seen ? 1 : 0;
      if (!seen) continue;
      const thigh = segmentAngle(positions, f + hip, f + knee, direction, up, axes);
      out.knee[k] = DEGREES * wrap(thigh - segmentAngle(positions, f + knee, f + ankle, direction, up, axes));
      out.hip[k] = DEGREES * wrap(thigh - trunkAngle);
    }
  }
}

/** Whether the joint sample at xyz offset i was tracked: the SDK writes (0, 0, 0) for "untracked". */
function tracked(positions: Float32Array, i: number): boolean {
  return positions[i] !== 0 || positions[i + 1] !== 0 || positions[i + 2] !== 0;
}

/**
 * The segment from the joint at xyz offset a to the one at b, with the frame's axes at offset i:
 * atan2(v·forward, −v·up).
 */
function segmentAngle(
  positions: Float32Array,
  a: number,
  b: number,
  direction: Float64Array,
  up: Float64Array,
  i: number,
): number {
  const x = (positions[b] ?? 0) - (positions[a] ?? 0);
  const y = (positions[b + 1] ?? 0) - (positions[a + 1] ?? 0);
  const z = (positions[b + 2] ?? 0) - (positions[a + 2] ?? 0);
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
