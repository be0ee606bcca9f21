/**
 * The 20-joint Kinect v1 skeleton in SDK order (NUI_SKELETON_POSITION_INDEX), the order of the joint data file.
 * Joint_Positions holds x, y, z per joint in this order: joint j's x is at index 3j.
 */
export const JOINT_NAMES = [
  'HipCenter',
  'Spine',
  'ShoulderCenter',
  'Head',
  'ShoulderLeft',
  'ElbowLeft',
  'WristLeft',
  'HandLeft',
  'ShoulderRight',
  'ElbowRight',
  'WristRight',
  'HandRight',
  'HipLeft',
  'KneeLeft',
  'AnkleLeft',
  'FootLeft',
  'HipRight',
  'KneeRight',
  'AnkleRight',
  'FootRight',
] as const;

export type JointName = (typeof JOINT_NAMES)[number];

export const JOINT_COUNT = JOINT_NAMES.length;
export const COORDINATES_PER_FRAME = JOINT_COUNT * 3;

/** Index of each joint in JOINT_NAMES, e.g. JOINT_INDEX.FootLeft === 15. */
export const JOINT_INDEX = Object.fromEntries(JOINT_NAMES.map((name, index) => [name, index])) as Record<
  JointName,
  number
>;
