import { serializeJointData } from '#shared/gait/jointDataFile';
import { ArrivingFile } from './arrivingFile.ts';
import { prepareRecording } from './skeletonRecording.ts';

/**
 * 900 frames in all, in slices of 150: enough calls for V8 to compile the reading and holding loops with type
 * feedback; each slice a few milliseconds, so that a file that arrives meanwhile waits for one slice at most.
 */
const SLICE_FRAMES = 150;
const SLICES = 6;
/** Each slice's file comes in this many pieces, as a download does: the scanner stops and resumes as on a real one. */
const PIECES = 5;
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
 * Runs the recording's preparation on a small made-up walk (a body about 1.6 m tall drifting across the room at
 * 30 Hz), read in pieces as a download brings them, with no gait events, throwing the results away: SLICES times,
 * each in a task of its own, until `stop()` says the file has begun to come. A worker started when the viewer opens does this while the file downloads, so the real
 * file's parse and holding pass run in compiled code instead of V8's interpreter, where a fresh worker's first pass
 * over a long recording runs much slower than its second.
 */
export function warmUpPreparation(stop: () => boolean): void {
  let file: Uint8Array | undefined;
  let left = SLICES;
  const slice = () => {
    if (left === 0 || stop()) return;
    left--;
    file ??= warmUpFile();
    // Only a head start: the file is read the same way without it, so a failure ends the warm-up quietly.
    prepareRecording(arriving(file), null, { events: false }).then(
      () => setTimeout(slice, 0),
      () => undefined,
    );
  };
  // In a task of its own, even the first slice: a file that came with the worker's start is read first.
  setTimeout(slice, 0);
}

/**
 * The made-up walk as a joint data file, written like a sensor's: millimetre noise on every coordinate (numbers of
 * six decimals, as stored), timestamps that jitter, and now and then a joint the sensor lost (0, 0, 0). A walk
 * without these would leave branches of the reader and of the holding pass unvisited, and V8 would drop their
 * compiled code on the real file's first lost joint ("insufficient type feedback") and start over.
 */
export function warmUpFile(): Uint8Array {
  const times = new Float64Array(SLICE_FRAMES);
  const positions = new Float32Array(SLICE_FRAMES * POSE.length * 3);
  // A fixed linear congruential sequence (Numerical Recipes' constants): the same file every time.
  let seed = 1;
  const noise = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
  for (let f = 0; f < SLICE_FRAMES; f++) {
    times[f] = (f + 0.5 + noise() * 0.1) / 30;
    for (const [j, [x, y]] of POSE.entries()) {
      const at = (f * POSE.length + j) * 3;
      if (f > 0 && (f * POSE.length + j) % 97 === 0) continue;
      positions[at] = x - 2 + f * 0.04 + noise() * 0.006;
      positions[at + 1] = y + noise() * 0.006;
      positions[at + 2] = 2.5 + noise() * 0.006;
    }
  }
  return new TextEncoder().encode(serializeJointData({ bouts: [{ times, positions }] }));
}

/** The file as a download would bring it: in pieces, the first ending inside a frame. */
function arriving(file: Uint8Array): ArrivingFile {
  const arrived = new ArrivingFile(file.length);
  const size = Math.ceil(file.length / PIECES);
  for (let at = 0; at < file.length; at += size) arrived.add([file.slice(at, at + size)]);
  return arrived;
}
