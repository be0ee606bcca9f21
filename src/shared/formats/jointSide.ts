/** Which side of the body a joint or marker belongs to, for colouring a skeleton by side. */
export type BodySide = 'left' | 'right' | 'centre';

/**
 * The side a joint or marker name says, in the naming of every format the portal reads: a whole word Left or Right
 * (Kinect v1 and v2 `ShoulderLeft`, Azure Kinect `SHOULDER_LEFT`, MediaPipe `left_shoulder`); a side letter before
 * a separator (OpenCap `r.ASIS_study`, `L_knee_study`); or a capital L or R before a capital (Plug-in Gait `LASI`,
 * `RKNE`, OpenPose `RHip`, `LBigToe`). A C3D subject prefix (`flatFoot:LASI`) is ignored. Anything else (`SACR`,
 * `C7`, `Neck`, `midHip`) is the trunk's.
 */
export function sideOfJoint(name: string): BodySide {
  const bare = name.slice(name.lastIndexOf(':') + 1).trim();
  const lower = bare.toLowerCase();
  if (lower.includes('left')) return 'left';
  if (lower.includes('right')) return 'right';
  if (/^[Ll][._]|^L[A-Z0-9]/.test(bare)) return 'left';
  if (/^[Rr][._]|^R[A-Z0-9]/.test(bare)) return 'right';
  return 'centre';
}

/**
 * A bone's side: the side of its ends when they agree or one is the trunk's (a hip bone counts with its leg), and the
 * trunk's when it joins left to right (the pelvis ASIS to ASIS).
 */
export function sideOfBone(a: BodySide, b: BodySide): BodySide {
  if (a === b) return a;
  if (a === 'centre') return b;
  if (b === 'centre') return a;
  return 'centre';
}
