import type { BonePairs, JointMapping } from './sourceFrames.ts';

/**
 * The 32 joints of Azure Kinect Body Tracking (k4abt_joint_id_t, Azure Kinect DK documentation "Azure Kinect body
 * tracking joints"), in the order of the offline processor's joint_positions, with the names it writes in
 * joint_names. Left and right are the person's own.
 */
export const AZURE_KINECT_JOINTS = [
  'PELVIS',
  'SPINE_NAVEL',
  'SPINE_CHEST',
  'NECK',
  'CLAVICLE_LEFT',
  'SHOULDER_LEFT',
  'ELBOW_LEFT',
  'WRIST_LEFT',
  'HAND_LEFT',
  'HANDTIP_LEFT',
  'THUMB_LEFT',
  'CLAVICLE_RIGHT',
  'SHOULDER_RIGHT',
  'ELBOW_RIGHT',
  'WRIST_RIGHT',
  'HAND_RIGHT',
  'HANDTIP_RIGHT',
  'THUMB_RIGHT',
  'HIP_LEFT',
  'KNEE_LEFT',
  'ANKLE_LEFT',
  'FOOT_LEFT',
  'HIP_RIGHT',
  'KNEE_RIGHT',
  'ANKLE_RIGHT',
  'FOOT_RIGHT',
  'HEAD',
  'NOSE',
  'EYE_LEFT',
  'EAR_LEFT',
  'EYE_RIGHT',
  'EAR_RIGHT',
] as const;

/** The SDK samples' bone list (Azure-Kinect-Samples, BodyTrackingHelpers.h), which the offline processor writes. */
export const AZURE_KINECT_BONES: BonePairs = [
  ['SPINE_CHEST', 'SPINE_NAVEL'],
  ['SPINE_NAVEL', 'PELVIS'],
  ['SPINE_CHEST', 'NECK'],
  ['NECK', 'HEAD'],
  ['HEAD', 'NOSE'],
  ['SPINE_CHEST', 'CLAVICLE_LEFT'],
  ['CLAVICLE_LEFT', 'SHOULDER_LEFT'],
  ['SHOULDER_LEFT', 'ELBOW_LEFT'],
  ['ELBOW_LEFT', 'WRIST_LEFT'],
  ['WRIST_LEFT', 'HAND_LEFT'],
  ['HAND_LEFT', 'HANDTIP_LEFT'],
  ['WRIST_LEFT', 'THUMB_LEFT'],
  ['PELVIS', 'HIP_LEFT'],
  ['HIP_LEFT', 'KNEE_LEFT'],
  ['KNEE_LEFT', 'ANKLE_LEFT'],
  ['ANKLE_LEFT', 'FOOT_LEFT'],
  ['NOSE', 'EYE_LEFT'],
  ['EYE_LEFT', 'EAR_LEFT'],
  ['SPINE_CHEST', 'CLAVICLE_RIGHT'],
  ['CLAVICLE_RIGHT', 'SHOULDER_RIGHT'],
  ['SHOULDER_RIGHT', 'ELBOW_RIGHT'],
  ['ELBOW_RIGHT', 'WRIST_RIGHT'],
  ['WRIST_RIGHT', 'HAND_RIGHT'],
  ['HAND_RIGHT', 'HANDTIP_RIGHT'],
  ['WRIST_RIGHT', 'THUMB_RIGHT'],
  ['PELVIS', 'HIP_RIGHT'],
  ['HIP_RIGHT', 'KNEE_RIGHT'],
  ['KNEE_RIGHT', 'ANKLE_RIGHT'],
  ['ANKLE_RIGHT', 'FOOT_RIGHT'],
  ['NOSE', 'EYE_RIGHT'],
  ['EYE_RIGHT', 'EAR_RIGHT'],
];

/**
 * Azure Kinect to the engine's Kinect v1 joints (docs/import-formats.md): the 32-joint skeleton refines Kinect's
 * 20 joints, so each engine joint is the Azure joint at the same place (NECK, at the base of the neck, for
 * ShoulderCenter; SPINE_NAVEL for Spine).
 */
export const AZURE_KINECT_MAPPING: JointMapping = {
  HipCenter: [['PELVIS']],
  Spine: [['SPINE_NAVEL']],
  ShoulderCenter: [['NECK']],
  Head: [['HEAD']],
  ShoulderLeft: [['SHOULDER_LEFT']],
  ElbowLeft: [['ELBOW_LEFT']],
  WristLeft: [['WRIST_LEFT']],
  HandLeft: [['HAND_LEFT']],
  ShoulderRight: [['SHOULDER_RIGHT']],
  ElbowRight: [['ELBOW_RIGHT']],
  WristRight: [['WRIST_RIGHT']],
  HandRight: [['HAND_RIGHT']],
  HipLeft: [['HIP_LEFT']],
  KneeLeft: [['KNEE_LEFT']],
  AnkleLeft: [['ANKLE_LEFT']],
  FootLeft: [['FOOT_LEFT']],
  HipRight: [['HIP_RIGHT']],
  KneeRight: [['KNEE_RIGHT']],
  AnkleRight: [['ANKLE_RIGHT']],
  FootRight: [['FOOT_RIGHT']],
};
