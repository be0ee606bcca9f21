import { serializeJointData } from '#shared/gait/jointDataFile';
import { prepareRecording } from './skeletonRecording.ts';

/** Long enough for V8 to compile the reading and scaling loops with type feedback, short enough to take ~10 ms. */
const WARM_UP_FRAMES = 900;
/** A standing body's joints: metres across (x) and up (y), in the order of the joint data file (JOINT_NAMES). */
const POSE: readonly (readonly [number, number])[] = [
  [0, 1.0],
  [0, 1.2],
  [0, 1.45],
  [0, 1.62],
  [-0.2, 1.42],
  [-0.25, 1.15],
  [-0.27, 0.9],
  [-0.28, 0.82],
  [0.2, 1.42],
  [0.25, 1.15],
  [0.27, 0.9],
  [0.28, 0.82],
  [-0.1, 0.95],
  [-0.11, 0.52],
  [-0.12, 0.1],
  [-0.12, 0.03],
  [0.1, 0.95],
  [0.11, 0.52],
  [0.12, 0.1],
  [0.12, 0.03],
];

/**
 * Runs the recording's preparation once on a small made-up walk (a body about 1.6 m tall drifting across the room at
 * 30 Hz), with no gait events, and throws the result away. A worker started when the viewer opens does this while
 * the file downloads, so the real file's parse and scaling run in compiled code instead of V8's interpreter: in a
 * fresh worker the first pass over a 10-minute recording took about twice as long as a second one.
 */
export function warmUpPreparation(): void {
  prepareRecording(warmUpFile(), null, { events: false });
}

/** The made-up walk as a joint data file. */
export function warmUpFile(): Uint8Array {
  const times = new Float64Array(WARM_UP_FRAMES);
  const positions = new Float32Array(WARM_UP_FRAMES * POSE.length * 3);
  for (let f = 0; f < WARM_UP_FRAMES; f++) {
    times[f] = f / 30;
    for (const [j, [x, y]] of POSE.entries()) {
      const at = (f * POSE.length + j) * 3;
      positions[at] = x + f * 0.04;
      positions[at + 1] = y;
      positions[at + 2] = 2.5;
    }
  }
  return new TextEncoder().encode(serializeJointData({ bouts: [{ times, positions }] }));
}
