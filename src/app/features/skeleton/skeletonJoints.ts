import { JOINT_INDEX, JOINT_NAMES, type JointName } from '#shared/gait/joints';

/** Which side of the body a joint or bone belongs to; the viewer colours them apart (legend). */
export type BodySide = 'left' | 'right' | 'centre';

/** Left blue, right orange: a pair that colour-blind viewers can still tell apart; the trunk stays neutral. */
export const SIDE_COLOURS: Record<BodySide, string> = { left: '#2f7fd8', right: '#f08a24', centre: '#8a969e' };

/** The 19 bones of the Kinect v1 skeleton, parent to child, drawn between the 20 joints. */
const BONE_NAMES: readonly (readonly [JointName, JointName])[] = [
  ['HipCenter', 'Spine'],
  ['Spine', 'ShoulderCenter'],
  ['ShoulderCenter', 'Head'],
  ['ShoulderCenter', 'ShoulderLeft'],
  ['ShoulderLeft', 'ElbowLeft'],
  ['ElbowLeft', 'WristLeft'],
  ['WristLeft', 'HandLeft'],
  ['ShoulderCenter', 'ShoulderRight'],
  ['ShoulderRight', 'ElbowRight'],
  ['ElbowRight', 'WristRight'],
  ['WristRight', 'HandRight'],
  ['HipCenter', 'HipLeft'],
  ['HipLeft', 'KneeLeft'],
  ['KneeLeft', 'AnkleLeft'],
  ['AnkleLeft', 'FootLeft'],
  ['HipCenter', 'HipRight'],
  ['HipRight', 'KneeRight'],
  ['KneeRight', 'AnkleRight'],
  ['AnkleRight', 'FootRight'],
];

/** Joint indices, two per bone, in the order the bone segments are written. */
export const BONE_JOINTS: Uint8Array = Uint8Array.from(
  BONE_NAMES.flatMap(([a, b]) => [JOINT_INDEX[a], JOINT_INDEX[b]]),
);
export const BONE_COUNT = BONE_NAMES.length;

export function jointSide(name: JointName): BodySide {
  if (name.endsWith('Left')) return 'left';
  if (name.endsWith('Right')) return 'right';
  return 'centre';
}

/** Side per joint index. */
export const JOINT_SIDES: readonly BodySide[] = JOINT_NAMES.map(jointSide);

/** A bone takes the side of its child joint, so the collar and hip bones count with their limb. */
export const BONE_SIDES: readonly BodySide[] = BONE_NAMES.map(([, child]) => jointSide(child));
