import type { JointRecording } from '../gait/jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from '../gait/joints.ts';
import type { ImportResult, SourceSkeleton } from './importedRecording.ts';

/**
 * How an importer turned the file's axes into the joint data file's (x right, y up, z away: docs/joint-data.md):
 * the file's signed axis each of x, y and z came from ('+X', '-Y', …), and how the file's format names the vertical
 * it declares ("the +Y of Kinect v2 camera space").
 */
export type FileAxes = { axes: readonly [string, string, string]; declared: string };

/**
 * A walker stands with the pelvis above the ankles in every frame, about 0.8 m and within a few degrees of gravity,
 * whatever the sensor: a file whose skeletons stand along another axis than the one its format declares (a
 * Kinect v2 body stream put into a calibrated world frame with z up, a lab's C3D whose POINT:Y_SCREEN is wrong) is
 * read on that axis. It must be the pelvis's direction from the ankles in at least this share of the frames where
 * all three are tracked, as gravity is; a skeleton that does not keep one vertical keeps the declared one.
 */
const SAME_VERTICAL_SHARE = 0.8;

/** The import, stood upright on the axis its skeletons stand on when that is not y, with a warning saying so. */
export function standUpright(result: ImportResult, file: FileAxes): ImportResult {
  if (!result.ok) return result;
  const { recording, skeleton, warnings } = result.imported;
  const up = skeletonVertical(recording);
  if (up === undefined || (up.axis === 1 && up.sign > 0)) return result;
  const turn = TURNS[up.axis][up.sign > 0 ? 0 : 1];
  const entry = file.axes[up.axis];
  const letter = entry.slice(1);
  const sign = (entry.startsWith('-') ? -1 : 1) * up.sign;
  const onAxis = `${sign < 0 ? '-' : '+'}${letter}`;
  return {
    ok: true,
    imported: {
      ...result.imported,
      // Whatever else the recording carries (force-plate events: times, not positions) stays as it is.
      recording: {
        ...recording,
        bouts: recording.bouts.map((b) => ({
          ...b,
          positions: turned(b.positions, turn),
          ...(b.heels === undefined ? {} : { heels: turned(b.heels, turn) }),
        })),
      },
      skeleton: turnedSkeleton(skeleton, turn),
      warnings: [
        ...warnings,
        `The skeleton stands on ${onAxis}, not on ${file.declared}: the walk is stood upright on it.`,
      ],
    },
  };
}

type Axis = 0 | 1 | 2;
/** Where each new axis comes from: [axis, sign] for x, y and z. */
type Turn = readonly [readonly [Axis, number], readonly [Axis, number], readonly [Axis, number]];

/**
 * Quarter or half turns that bring the found vertical (+ and − of x, y, z) onto +y, about the axis square to both,
 * so that the walk keeps its heading as far as it can; each keeps the frame right-handed.
 */
const TURNS: readonly [readonly [Turn, Turn], readonly [Turn, Turn], readonly [Turn, Turn]] = [
  [
    [
      [1, -1],
      [0, 1],
      [2, 1],
    ],
    [
      [1, 1],
      [0, -1],
      [2, 1],
    ],
  ],
  [
    [
      [0, 1],
      [1, 1],
      [2, 1],
    ],
    [
      [0, -1],
      [1, -1],
      [2, 1],
    ],
  ],
  [
    [
      [0, 1],
      [2, 1],
      [1, -1],
    ],
    [
      [0, 1],
      [2, -1],
      [1, 1],
    ],
  ],
];

/** The signed axis along which the pelvis stands above the ankles, if the frames agree on one. */
function skeletonVertical(recording: JointRecording): SignedAxis | undefined {
  const sum = [0, 0, 0];
  // Frames per signed axis: +x, −x, +y, −y, +z, −z.
  const votes = [0, 0, 0, 0, 0, 0];
  let frames = 0;
  const hip = 3 * JOINT_INDEX.HipCenter;
  const left = 3 * JOINT_INDEX.AnkleLeft;
  const right = 3 * JOINT_INDEX.AnkleRight;
  const rise = [0, 0, 0];
  for (const { positions } of recording.bouts) {
    for (let base = 0; base < positions.length; base += COORDINATES_PER_FRAME) {
      const at = (joint: number, a: number) => positions[base + joint + a] ?? 0;
      const seen = (joint: number) => at(joint, 0) !== 0 || at(joint, 1) !== 0 || at(joint, 2) !== 0;
      if (!seen(hip) || !seen(left) || !seen(right)) continue;
      for (let a = 0; a < 3; a++) {
        rise[a] = at(hip, a) - (at(left, a) + at(right, a)) / 2;
        sum[a] = (sum[a] ?? 0) + (rise[a] ?? 0);
      }
      const { axis, sign } = signedAxis(rise);
      const vote = 2 * axis + (sign > 0 ? 0 : 1);
      votes[vote] = (votes[vote] ?? 0) + 1;
      frames++;
    }
  }
  if (frames === 0) return undefined;
  const up = signedAxis(sum);
  return (votes[2 * up.axis + (up.sign > 0 ? 0 : 1)] ?? 0) >= SAME_VERTICAL_SHARE * frames ? up : undefined;
}

type SignedAxis = { axis: Axis; sign: number };

/** The axis of a vector's largest component, with that component's sign. */
function signedAxis(v: readonly number[]): SignedAxis {
  const axis = ([0, 1, 2] as const).reduce((best, a) => (Math.abs(v[a] ?? 0) > Math.abs(v[best] ?? 0) ? a : best), 0);
  return { axis, sign: (v[axis] ?? 0) < 0 ? -1 : 1 };
}

function turned(positions: Float32Array, turn: Turn): Float32Array {
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    for (let a = 0; a < 3; a++) {
      const [from, sign] = turn[a as Axis];
      // An untracked (0, 0, 0) stays untracked; −0 is written as 0.
      out[i + a] = sign * (positions[i + from] ?? 0) + 0;
    }
  }
  return out;
}

function turnedSkeleton(skeleton: SourceSkeleton, turn: Turn): SourceSkeleton {
  return {
    ...skeleton,
    bouts: skeleton.bouts.map((b) => ({ times: b.times, positions: turned(b.positions, turn) })),
  };
}
