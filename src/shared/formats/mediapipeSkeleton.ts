import type { BonePairs, JointMapping } from './sourceFrames.ts';

/**
 * The 33 landmarks of MediaPipe Pose (BlazePose; MediaPipe Pose Landmarker documentation, "Pose landmarker model"),
 * in the order of its landmark lists. Left and right are the person's own (in an unmirrored video).
 */
export const MEDIAPIPE_LANDMARKS = [
  'nose',
  'left_eye_inner',
  'left_eye',
  'left_eye_outer',
  'right_eye_inner',
  'right_eye',
  'right_eye_outer',
  'left_ear',
  'right_ear',
  'mouth_left',
  'mouth_right',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_pinky',
  'right_pinky',
  'left_index',
  'right_index',
  'left_thumb',
  'right_thumb',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
  'left_heel',
  'right_heel',
  'left_foot_index',
  'right_foot_index',
] as const;

/** MediaPipe's POSE_CONNECTIONS (mediapipe/python/solutions/pose_connections.py). */
export const MEDIAPIPE_BONES: BonePairs = (
  [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 7],
    [0, 4],
    [4, 5],
    [5, 6],
    [6, 8],
    [9, 10],
    [11, 12],
    [11, 13],
    [13, 15],
    [15, 17],
    [15, 19],
    [15, 21],
    [17, 19],
    [12, 14],
    [14, 16],
    [16, 18],
    [16, 20],
    [16, 22],
    [18, 20],
    [11, 23],
    [12, 24],
    [23, 24],
    [23, 25],
    [24, 26],
    [25, 27],
    [26, 28],
    [27, 29],
    [28, 30],
    [29, 31],
    [30, 32],
    [27, 31],
    [28, 32],
  ] as const
).map(([a, b]) => [MEDIAPIPE_LANDMARKS[a], MEDIAPIPE_LANDMARKS[b]] as const);

/**
 * MediaPipe to Kinect v1 (docs/import-formats.md): hips, knees, ankles, shoulders, elbows and wrists are the
 * landmarks of the same name; HipCenter and ShoulderCenter the midpoints of the two hips and shoulders; Head the
 * midpoint of the ears (else the nose); Hand the midpoint of the index and little-finger knuckles; Foot the
 * foot_index (toe) landmark. Spine is derived between HipCenter and ShoulderCenter.
 */
export const MEDIAPIPE_MAPPING: JointMapping = {
  HipCenter: [['left_hip', 'right_hip']],
  ShoulderCenter: [['left_shoulder', 'right_shoulder']],
  Head: [['left_ear', 'right_ear'], ['nose']],
  ShoulderLeft: [['left_shoulder']],
  ElbowLeft: [['left_elbow']],
  WristLeft: [['left_wrist']],
  HandLeft: [['left_index', 'left_pinky'], ['left_wrist']],
  ShoulderRight: [['right_shoulder']],
  ElbowRight: [['right_elbow']],
  WristRight: [['right_wrist']],
  HandRight: [['right_index', 'right_pinky'], ['right_wrist']],
  HipLeft: [['left_hip']],
  KneeLeft: [['left_knee']],
  AnkleLeft: [['left_ankle']],
  FootLeft: [['left_foot_index']],
  HipRight: [['right_hip']],
  KneeRight: [['right_knee']],
  AnkleRight: [['right_ankle']],
  FootRight: [['right_foot_index']],
};
