import type { JointDataParseResult } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX, type JointName } from './joints.ts';

/**
 * Converter from the KinectGait text format (Andersson & Araujo, AAAI 2015 data set) to a joint data recording:
 * one `JointName;x;y;z` line per joint, 20 lines per frame, a new frame at every `Head` line, metres in Kinect
 * camera space, no timestamps. Its joint names and order differ from the SDK order, so joints are matched by name.
 */
const KINECT_GAIT_NAMES: Record<string, JointName> = {
  Head: 'Head',
  'Shoulder-Center': 'ShoulderCenter',
  'Shoulder-Right': 'ShoulderRight',
  'Shoulder-Left': 'ShoulderLeft',
  'Elbow-Right': 'ElbowRight',
  'Elbow-Left': 'ElbowLeft',
  'Wrist-Right': 'WristRight',
  'Wrist-Left': 'WristLeft',
  'Hand-Right': 'HandRight',
  'Hand-Left': 'HandLeft',
  Spine: 'Spine',
  'Hip-centro': 'HipCenter',
  'Hip-Right': 'HipRight',
  'Hip-Left': 'HipLeft',
  'Knee-Right': 'KneeRight',
  'Knee-Left': 'KneeLeft',
  'Ankle-Right': 'AnkleRight',
  'Ankle-Left': 'AnkleLeft',
  'Foot-Right': 'FootRight',
  'Foot-Left': 'FootLeft',
};
const EXPECTED_NAMES = Object.keys(KINECT_GAIT_NAMES);
const JOINTS_PER_FRAME = EXPECTED_NAMES.length;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export type KinectGaitOptions = {
  /** The files carry no timestamps; Kinect v1 delivers 30 frames per second. */
  frameRateHz?: number;
  /** Timestamp of the first frame, milliseconds since the start of the recording. */
  startMs?: number;
};

/** Converts KinectGait text to a one-bout recording, or explains, with a line number, what is wrong with it. */
export function kinectGaitTextToJointData(text: string, options: KinectGaitOptions = {}): JointDataParseResult {
  const rate = options.frameRateHz ?? 30;
  if (!(rate > 0 && rate <= 1000))
    return { ok: false, error: 'The frame rate must be between 0 and 1000 frames per second.' };
  const lines = text.split(/\r?\n/);
  const frames: Float32Array[] = [];
  let frame: Float32Array | undefined;
  let seen = new Set<string>();
  let frameLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const where = `Line ${i + 1}`;
    const fields = line.split(';').map((field) => field.trim());
    if (fields.length !== 4)
      return fail(`${where} has ${fields.length} field${fields.length === 1 ? '' : 's'}; JointName;x;y;z is expected.`);
    const [name = '', ...coordinates] = fields;
    const joint = KINECT_GAIT_NAMES[name];
    if (joint === undefined)
      return fail(
        `${where} names an unknown joint "${name.slice(0, 40)}"; expected one of ${EXPECTED_NAMES.join(', ')}.`,
      );
    if (name === 'Head') {
      if (frame !== undefined) {
        const problem = incomplete(seen, frames.length + 1, frameLine);
        if (problem !== undefined) return fail(problem);
      }
      frame = new Float32Array(COORDINATES_PER_FRAME);
      frames.push(frame);
      seen = new Set();
      frameLine = i + 1;
    } else if (frame === undefined) {
      return fail(`${where} is ${name}, but a frame must start with Head.`);
    }
    if (seen.has(name)) return fail(`Frame ${frames.length} (line ${frameLine}) lists ${name} twice.`);
    seen.add(name);
    for (let axis = 0; axis < 3; axis++) {
      const value = coordinates[axis] ?? '';
      if (!DECIMAL.test(value) || Math.abs(Number(value)) > 10_000) {
        return fail(
          `${where}: "${value.slice(0, 20)}" is not a coordinate in metres (a decimal number with a point, like -0.0284).`,
        );
      }
      frame[JOINT_INDEX[joint] * 3 + axis] = Number(value);
    }
  }
  if (frame === undefined)
    return fail('The KinectGait file holds no frames: each frame is 20 lines of JointName;x;y;z, starting with Head.');
  const problem = incomplete(seen, frames.length, frameLine);
  if (problem !== undefined) return fail(problem);
  const times = new Float64Array(frames.length);
  const positions = new Float32Array(frames.length * COORDINATES_PER_FRAME);
  frames.forEach((f, index) => {
    times[index] = (options.startMs ?? 0) / 1000 + index / rate;
    positions.set(f, index * COORDINATES_PER_FRAME);
  });
  return { ok: true, recording: { bouts: [{ times, positions }] } };
}

function incomplete(seen: Set<string>, frameNumber: number, line: number): string | undefined {
  if (seen.size === JOINTS_PER_FRAME) return undefined;
  const missing = EXPECTED_NAMES.filter((name) => !seen.has(name));
  return `Frame ${frameNumber} (line ${line}) lacks ${missing.join(', ')}; each frame needs all ${JOINTS_PER_FRAME} joints.`;
}

const fail = (error: string): JointDataParseResult => ({ ok: false, error });
