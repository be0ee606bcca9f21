import type { BoutSignals, JointTrack } from './boutSignals.ts';
import { fillJoint } from './boutSignals.ts';
import type { JointBout } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from './joints.ts';

/**
 * The joints of the sagittal joint angles over the analysed stretch of a bout: hips and knees of each leg (the
 * ankles are the feet's heel joints) and the top of the trunk line, ShoulderCenter or, where the sensor gives none,
 * Spine. Untracked samples are filled by linear interpolation and marked unmeasured, so that an angle over a cycle
 * with too little measured data can be left out.
 */
export type LimbSignals = {
  left: { hip: JointTrack; knee: JointTrack };
  right: { hip: JointTrack; knee: JointTrack };
  /** The trunk's top; undefined when neither joint is tracked (hip flexion is then measured from the vertical). */
  trunk: JointTrack | undefined;
};

const FRAME_STRIDE = COORDINATES_PER_FRAME;

export function limbSignals(bout: JointBout, signals: BoutSignals): LimbSignals {
  const { n, from } = signals;
  const track = (joint: number): JointTrack => {
    const measured = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const i = (from + k) * FRAME_STRIDE + joint * 3;
      const { positions } = bout;
      measured[k] = positions[i] !== 0 || positions[i + 1] !== 0 || positions[i + 2] !== 0 ? 1 : 0;
    }
    const position = new Float64Array(3 * n);
    fillJoint(bout, joint, from, n, position, measured);
    holdEnds(position, measured, n);
    return { position, measured };
  };
  const shoulders = track(JOINT_INDEX.ShoulderCenter);
  const spine = track(JOINT_INDEX.Spine);
  const seen = (t: JointTrack) => t.measured.some((m) => m === 1);
  return {
    left: { hip: track(JOINT_INDEX.HipLeft), knee: track(JOINT_INDEX.KneeLeft) },
    right: { hip: track(JOINT_INDEX.HipRight), knee: track(JOINT_INDEX.KneeRight) },
    trunk: seen(shoulders) ? shoulders : seen(spine) ? spine : undefined,
  };
}

/** Before the first and after the last measured sample, holds that sample (fillJoint leaves them at zero). */
function holdEnds(position: Float64Array, measured: Uint8Array, n: number): void {
  const first = measured.indexOf(1);
  const last = measured.lastIndexOf(1);
  if (first < 0) return;
  for (let k = 0; k < first; k++) for (let a = 0; a < 3; a++) position[3 * k + a] = position[3 * first + a] ?? 0;
  for (let k = last + 1; k < n; k++) for (let a = 0; a < 3; a++) position[3 * k + a] = position[3 * last + a] ?? 0;
}
