import type { BonePairs, JointMapping } from './sourceFrames.ts';

/**
 * OpenCap's marker names (Uhlrich et al. 2023, PLoS Comput Biol 19:e1011462; opencap-core utils.py): the video
 * keypoints (OpenPose BODY_25 names: Neck, RShoulder, RHip, RKnee, RAnkle, RHeel, RBigToe, RSmallToe, …) and the
 * anatomical markers its marker-enhancement network adds (r.ASIS_study, L.PSIS_study, r_knee_study, r_mknee_study,
 * r_ankle_study, r_mankle_study, r_toe_study, r_calc_study, r_5meta_study, RHJC_study, r_lelbow_study, …; the
 * right side in lower case "r", the left in upper case "L").
 *
 * To the engine's joints: the hip joint centres the network estimates (RHJC_study, LHJC_study), knee and ankle
 * centres as the midpoints of the lateral and medial epicondyle and malleolus markers, the toe marker for Foot,
 * shoulder, elbow and wrist centres likewise; each falls back to the video keypoint of the same joint.
 */
export const OPENCAP_MAPPING: JointMapping = {
  HipCenter: [['RHJC_study', 'LHJC_study'], ['RHip', 'LHip'], ['midHip']],
  ShoulderCenter: [['r_shoulder_study', 'L_shoulder_study'], ['Neck'], ['RShoulder', 'LShoulder']],
  Head: [['Nose'], ['REar', 'LEar']],
  ShoulderLeft: [['L_shoulder_study'], ['LShoulder']],
  ElbowLeft: [['L_lelbow_study', 'L_melbow_study'], ['LElbow']],
  WristLeft: [['L_lwrist_study', 'L_mwrist_study'], ['LWrist']],
  ShoulderRight: [['r_shoulder_study'], ['RShoulder']],
  ElbowRight: [['r_lelbow_study', 'r_melbow_study'], ['RElbow']],
  WristRight: [['r_lwrist_study', 'r_mwrist_study'], ['RWrist']],
  HipLeft: [['LHJC_study'], ['LHip']],
  KneeLeft: [['L_knee_study', 'L_mknee_study'], ['LKnee']],
  AnkleLeft: [['L_ankle_study', 'L_mankle_study'], ['LAnkle']],
  FootLeft: [['L_toe_study'], ['LBigToe']],
  HipRight: [['RHJC_study'], ['RHip']],
  KneeRight: [['r_knee_study', 'r_mknee_study'], ['RKnee']],
  AnkleRight: [['r_ankle_study', 'r_mankle_study'], ['RAnkle']],
  FootRight: [['r_toe_study'], ['RBigToe']],
};

const side = (pairs: [string, string][]): [string, string][] =>
  pairs.flatMap(([a, b]) => [
    [a.replaceAll('$', 'r'), b.replaceAll('$', 'r')],
    [a.replaceAll('$', 'L'), b.replaceAll('$', 'L')],
  ]);
const keypointSide = (pairs: [string, string][]): [string, string][] =>
  pairs.flatMap(([a, b]) => [
    [a.replaceAll('$', 'R'), b.replaceAll('$', 'R')],
    [a.replaceAll('$', 'L'), b.replaceAll('$', 'L')],
  ]);

/** Segments between the markers, and OpenPose's BODY_25 limbs between the keypoints. */
export const OPENCAP_BONES: BonePairs = [
  ['r.ASIS_study', 'L.ASIS_study'],
  ['r.PSIS_study', 'L.PSIS_study'],
  ['r.ASIS_study', 'r.PSIS_study'],
  ['L.ASIS_study', 'L.PSIS_study'],
  ['RHJC_study', 'r_knee_study'],
  ['LHJC_study', 'L_knee_study'],
  ['C7_study', 'r_shoulder_study'],
  ['C7_study', 'L_shoulder_study'],
  ...side([
    ['$_knee_study', '$_mknee_study'],
    ['$_knee_study', '$_ankle_study'],
    ['$_mknee_study', '$_mankle_study'],
    ['$_ankle_study', '$_mankle_study'],
    ['$_ankle_study', '$_calc_study'],
    ['$_calc_study', '$_toe_study'],
    ['$_calc_study', '$_5meta_study'],
    ['$_toe_study', '$_5meta_study'],
    ['$_shoulder_study', '$_lelbow_study'],
    ['$_lelbow_study', '$_melbow_study'],
    ['$_lelbow_study', '$_lwrist_study'],
    ['$_melbow_study', '$_mwrist_study'],
    ['$_lwrist_study', '$_mwrist_study'],
  ]),
  ['Neck', 'Nose'],
  ['Neck', 'midHip'],
  ...keypointSide([
    ['Neck', '$Shoulder'],
    ['$Shoulder', '$Elbow'],
    ['$Elbow', '$Wrist'],
    ['midHip', '$Hip'],
    ['$Hip', '$Knee'],
    ['$Knee', '$Ankle'],
    ['$Ankle', '$Heel'],
    ['$Ankle', '$BigToe'],
    ['$BigToe', '$SmallToe'],
    ['Nose', '$Eye'],
    ['$Eye', '$Ear'],
  ]),
];
