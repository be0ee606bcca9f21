import { MAX_FRAME_RATE_HZ, MIN_FRAME_RATE_HZ } from '../gait/jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX, JOINT_NAMES, type JointName } from '../gait/joints.ts';
import { importFailure, type ImportFormat, type ImportResult } from './importedRecording.ts';

/**
 * A file's own skeleton once read: its joint or marker names, frame times in seconds (any origin) and positions in
 * the joint data file's space (metres, x right as seen facing the sensor, y up, z away) at (f × names.length + j) × 3
 * + a, NaN where the file says the joint was not tracked.
 */
export type SourceFrames = { names: readonly string[]; times: Float64Array; positions: Float32Array };

/**
 * How one engine joint is made from the file's joints: alternatives in order of preference, each the mean of the
 * named joints; in every frame the first alternative whose joints are all tracked is used.
 */
type JointRule = readonly (readonly string[])[];
export type JointMapping = Partial<Readonly<Record<JointName, JointRule>>>;
export type BonePairs = readonly (readonly [string, string])[];

/** The joint data file refuses coordinates beyond this (jointDataFile.ts); such a value is read as untracked. */
const MAX_COORDINATE_M = 10_000;
/** Where Kinect v1 puts its Spine joint above HipCenter (about 0.1 m in the KinectGait walks). */
const SPINE_ABOVE_HIP_M = 0.1;
/** The joints gait metrics cannot do without. */
const GAIT_JOINTS = ['HipCenter', 'AnkleLeft', 'AnkleRight', 'FootLeft', 'FootRight'] as const;

/**
 * Builds the import result: the engine's 20 joints by `mapping` (Spine derived 0.1 m from HipCenter towards
 * ShoulderCenter when the mapping has none), and the file's own skeleton with `bones` between the joints it names.
 */
export function toImportedRecording(
  format: ImportFormat,
  source: SourceFrames,
  mapping: JointMapping,
  bones: BonePairs,
  warnings: string[] = [],
): ImportResult {
  const { names, times } = source;
  const n = times.length;
  if (n === 0) return importFailure('The file holds no frames with a skeleton.');
  const timing = checkTimes(times);
  if (timing !== undefined) return importFailure(timing);
  const width = names.length;
  const positions = new Float32Array(n * width * 3);
  for (let i = 0; i < positions.length; i++) {
    const v = source.positions[i] ?? Number.NaN;
    positions[i] = Number.isFinite(v) && Math.abs(v) <= MAX_COORDINATE_M ? v : Number.NaN;
  }
  const start = times[0] ?? 0;
  const shifted = Float64Array.from(times, (t) => t - start);
  const engine = mapJoints(names, positions, n, mapping);
  const untracked = untrackedGaitJoints(engine, n);
  if (untracked !== undefined) return importFailure(untracked);
  for (const joint of GAIT_JOINTS) {
    const share = trackedFrames(engine, n, joint) / n;
    if (share < 0.5) warnings.push(`${joint} is tracked in only ${Math.round(share * 100)}% of the frames.`);
  }
  const skeleton = Float32Array.from(positions, (v) => (Number.isNaN(v) ? 0 : v));
  const index = new Map(names.map((name, i) => [name, i]));
  const boneIndices = bones.flatMap(([a, b]) => {
    const [i, j] = [index.get(a), index.get(b)];
    return i === undefined || j === undefined ? [] : [[i, j] as const];
  });
  return {
    ok: true,
    imported: {
      format,
      recording: { bouts: [{ times: shifted, positions: engine }] },
      skeleton: { jointNames: names, bones: boneIndices, bouts: [{ times: shifted, positions: skeleton }] },
      warnings,
    },
  };
}

/**
 * Why engine joints (n frames, untracked at (0, 0, 0)) cannot make a session: a gait joint tracked in no frame. A
 * recording without them would be stored as a session with nothing to analyse or show.
 */
export function untrackedGaitJoints(engine: Float32Array, n: number): string | undefined {
  const missing = GAIT_JOINTS.filter((joint) => trackedFrames(engine, n, joint) === 0);
  if (missing.length === 0) return undefined;
  return `No frame of the file has ${missing.join(', ')} tracked; gait metrics need the pelvis, both ankles and both feet.`;
}

/** Timestamps must increase, at a frame rate the joint data file accepts (5–1000 Hz). */
function checkTimes(times: Float64Array): string | undefined {
  for (let f = 1; f < times.length; f++) {
    const [before = 0, now = 0] = [times[f - 1], times[f]];
    if (!(now > before)) {
      return `Frame ${f + 1} has time ${now} s, not after the previous frame's ${before} s; times must increase.`;
    }
  }
  if (times.length < 2) return undefined;
  const rate = (times.length - 1) / ((times[times.length - 1] ?? 0) - (times[0] ?? 0));
  if (rate >= MIN_FRAME_RATE_HZ && rate <= MAX_FRAME_RATE_HZ) return undefined;
  return `The file's frame rate is ${rate.toPrecision(3)} Hz; ${MIN_FRAME_RATE_HZ}–${MAX_FRAME_RATE_HZ} Hz is expected (check the time unit).`;
}

function mapJoints(names: readonly string[], positions: Float32Array, n: number, mapping: JointMapping): Float32Array {
  const width = names.length;
  const index = new Map(names.map((name, i) => [name, i]));
  const out = new Float32Array(n * COORDINATES_PER_FRAME);
  const rules = JOINT_NAMES.flatMap((joint) => {
    const rule = mapping[joint];
    if (rule === undefined) return [];
    const alternatives = rule
      .map((alternative) => alternative.map((name) => index.get(name)))
      .filter((alternative): alternative is number[] => alternative.every((i) => i !== undefined));
    return alternatives.length === 0 ? [] : [{ at: JOINT_INDEX[joint] * 3, alternatives }];
  });
  const point = [0, 0, 0];
  for (let f = 0; f < n; f++) {
    for (const { at, alternatives } of rules) {
      if (!meanOf(alternatives, positions, f * width, point)) continue;
      out.set(point, f * COORDINATES_PER_FRAME + at);
    }
    if (mapping.Spine === undefined) deriveSpine(out, f * COORDINATES_PER_FRAME);
  }
  return out;
}

/** The first alternative whose joints are all tracked in the frame, averaged into `point`; false if none is. */
function meanOf(alternatives: number[][], positions: Float32Array, frameBase: number, point: number[]): boolean {
  for (const joints of alternatives) {
    point.fill(0);
    let complete = true;
    for (const j of joints) {
      for (let a = 0; a < 3; a++) {
        const v = positions[(frameBase + j) * 3 + a] ?? Number.NaN;
        if (Number.isNaN(v)) complete = false;
        point[a] = (point[a] ?? 0) + v / joints.length;
      }
    }
    if (complete) return true;
  }
  return false;
}

function deriveSpine(frame: Float32Array, base: number): void {
  const hip = JOINT_INDEX.HipCenter * 3;
  const shoulder = JOINT_INDEX.ShoulderCenter * 3;
  if (!tracked(frame, base + hip) || !tracked(frame, base + shoulder)) return;
  const d = [0, 1, 2].map((a) => (frame[base + shoulder + a] ?? 0) - (frame[base + hip + a] ?? 0));
  const length = Math.hypot(...d);
  if (!(length > 0)) return;
  for (let a = 0; a < 3; a++) {
    frame[base + JOINT_INDEX.Spine * 3 + a] = (frame[base + hip + a] ?? 0) + ((d[a] ?? 0) * SPINE_ABOVE_HIP_M) / length;
  }
}

const tracked = (frame: Float32Array, at: number) => frame[at] !== 0 || frame[at + 1] !== 0 || frame[at + 2] !== 0;

function trackedFrames(positions: Float32Array, n: number, joint: JointName): number {
  let count = 0;
  for (let f = 0; f < n; f++) if (tracked(positions, f * COORDINATES_PER_FRAME + JOINT_INDEX[joint] * 3)) count++;
  return count;
}
