import { JOINT_NAMES, type JointName } from '../gait/joints.ts';
import type { JointRecording } from '../gait/jointDataFile.ts';
import type { SourceSkeleton } from './importedRecording.ts';

/** The bones of the Kinect v1 skeleton (Kinect for Windows SDK 1.x, "Skeletal Tracking" joint hierarchy). */
const KINECT_V1_BONES: [JointName, JointName][] = [
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

/** The engine's own 20-joint skeleton, drawn from a recording: what the joint data file already holds. */
export function kinectV1Skeleton(recording: JointRecording): SourceSkeleton {
  return {
    jointNames: JOINT_NAMES,
    bones: KINECT_V1_BONES.map(([a, b]) => [JOINT_NAMES.indexOf(a), JOINT_NAMES.indexOf(b)] as const),
    bouts: recording.bouts.map(({ times, positions }) => ({ times, positions })),
  };
}
