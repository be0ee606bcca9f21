import fs from 'node:fs';
import type { JointRecording } from '#shared/gait/jointDataFile';
import { kinectGaitTextToJointData } from '#shared/gait/kinectGaitText';

export type KinectWalk = { file: URL; name: string; heightM: number; sex: 'Female' | 'Male' };

/** The two KinectGait walks shipped with the seed (fixtures/README.md). */
export const KINECT_WALKS: readonly KinectWalk[] = [
  { file: new URL('./fixtures/Person001_1.txt', import.meta.url), name: 'Person001', heightM: 1.63, sex: 'Female' },
  { file: new URL('./fixtures/Person004_1.txt', import.meta.url), name: 'Person004', heightM: 1.72, sex: 'Male' },
];

/** One walk as a recording; a fixture that does not convert is a broken checkout, so seeding stops with the reason. */
export function readKinectWalk(walk: KinectWalk): JointRecording {
  const converted = kinectGaitTextToJointData(fs.readFileSync(walk.file, 'utf8'));
  if (!converted.ok) throw new Error(`Demo seed: ${walk.name}'s KinectGait file does not convert: ${converted.error}`);
  return converted.recording;
}
