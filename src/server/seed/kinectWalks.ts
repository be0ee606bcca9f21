import fs from 'node:fs';
import type { JointRecording } from '#shared/gait/jointDataFile';
import { COORDINATES_PER_FRAME, JOINT_INDEX, type JointName } from '#shared/gait/joints';

/** The KinectGait files' joint names, mapped to the portal's Kinect SDK names (fixtures/README.md). */
const NAMES: Record<string, JointName> = {
  'Head': 'Head', 'Shoulder-Center': 'ShoulderCenter', 'Shoulder-Right': 'ShoulderRight', 'Shoulder-Left': 'ShoulderLeft',
  'Elbow-Right': 'ElbowRight', 'Elbow-Left': 'ElbowLeft', 'Wrist-Right': 'WristRight', 'Wrist-Left': 'WristLeft',
  'Hand-Right': 'HandRight', 'Hand-Left': 'HandLeft', 'Spine': 'Spine', 'Hip-centro': 'HipCenter', 'Hip-Right': 'HipRight',
  'Hip-Left': 'HipLeft', 'Knee-Right': 'KneeRight', 'Knee-Left': 'KneeLeft', 'Ankle-Right': 'AnkleRight', 'Ankle-Left': 'AnkleLeft',
  'Foot-Right': 'FootRight', 'Foot-Left': 'FootLeft',
};
const FRAME_RATE_HZ = 30;

export type KinectWalk = { name: string; heightM: number; sex: 'Female' | 'Male'; recording: JointRecording };

/**
 * Reads one KinectGait walk into a recording (one bout): a new frame at every Head line, at the nominal 30 Hz.
 * Interim converter for the demo seed until src/shared/gait/kinectGaitText.ts is published.
 */
export function readKinectWalk(file: URL): JointRecording {
  const frames: number[][] = [];
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const [name = '', ...xyz] = line.trim().split(';');
    const joint = NAMES[name];
    if (joint === undefined || xyz.length !== 3) continue;
    if (joint === 'Head' || frames.length === 0) frames.push(new Array<number>(COORDINATES_PER_FRAME).fill(0));
    const frame = frames[frames.length - 1] ?? [];
    xyz.forEach((value, axis) => (frame[JOINT_INDEX[joint] * 3 + axis] = Number(value)));
  }
  return {
    bouts: [{
      times: Float64Array.from(frames, (_, i) => i / FRAME_RATE_HZ),
      positions: Float32Array.from(frames.flat()),
    }],
  };
}

export const KINECT_WALKS = [
  { file: new URL('./fixtures/Person001_1.txt', import.meta.url), name: 'Person001', heightM: 1.63, sex: 'Female' },
  { file: new URL('./fixtures/Person004_1.txt', import.meta.url), name: 'Person004', heightM: 1.72, sex: 'Male' },
] as const;
