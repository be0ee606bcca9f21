import type { JointBout, JointRecording } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_COUNT } from './joints.ts';
import { seededRandom, type Random } from '../random.ts';
import type { GaitPattern, PathPoint, WalkPath } from './syntheticGait.ts';
import { footStyles, type Pathology } from './syntheticPathology.ts';
import { footfallSchedule, type Schedule } from './syntheticSchedule.ts';
import { writeSkeleton } from './syntheticSkeleton.ts';
import { scheduleTruth, type SyntheticWalkTruth } from './syntheticTruth.ts';

export type WalkDirection = 'toward' | 'away' | 'across';

export type KinectNoise = {
  /** Standard deviation of every coordinate, metres. */
  jointSigma: number;
  /** Chance per joint and frame that a tracked joint drops out to (0, 0, 0); a dropout lasts two frames on average. */
  jointDropout: number;
  /** Standard deviation of each frame's sampling instant around the nominal rate, milliseconds. */
  timestampJitterMs: number;
  /** Chance that a frame is missing altogether. */
  frameDropout: number;
};

/** Kinect-like imperfections: millimetre jitter, occasional untracked joints, a few ms of clock jitter, lost frames. */
export const KINECT_NOISE: KinectNoise = {
  jointSigma: 0.003,
  jointDropout: 0.003,
  timestampJitterMs: 2,
  frameDropout: 0.003,
};
export const NO_NOISE: KinectNoise = { jointSigma: 0, jointDropout: 0, timestampJitterMs: 0, frameDropout: 0 };

export type SyntheticWalkOptions = {
  seed: number;
  speed: number;
  /** Steps per minute. */
  cadence: number;
  stancePercent: number;
  direction: WalkDirection;
  /** Per bout; trimmed so that the bout starts and ends at least 0.2 s from a heel strike. */
  durationS: number;
  frameRateHz?: number;
  bouts?: number;
  /** Heading change per second: a curved path. */
  turnDegreesPerSecond?: number;
  /** On a treadmill the walker stays in place and the floor carries each planted foot backward at the speed. */
  treadmill?: boolean;
  noise?: KinectNoise;
  bodyHeight?: number;
  /** Coefficient of variation of stride time and stride length (default 0.03, healthy adults 0.02–0.04). */
  strideCv?: number;
  /** Left steps longer and slower than right by this fraction (0–0.15; default 0, a symmetric walk). */
  asymmetry?: number;
  /** An antalgic or a steppage gait on one side (syntheticPathology.ts). */
  pathology?: Pathology;
};

export type { SyntheticWalkTruth } from './syntheticTruth.ts';
export type { Pathology } from './syntheticPathology.ts';

const SENSOR_HEIGHT = 0.8;
const GAP_BETWEEN_BOUTS_S = 3;

/**
 * A deterministic walk with known footfalls, seen by a Kinect-like sensor: a rolling foot, stride-to-stride
 * variability and optional asymmetry (syntheticSchedule.ts, syntheticFoot.ts). The truth follows the clinical
 * definitions: heel strike when the heel reaches the floor, toe off when the forefoot leaves it; its summary
 * values are means over the complete cycles and steps in view, computed from the footfalls themselves.
 */
export function syntheticWalk(options: SyntheticWalkOptions): { recording: JointRecording; truth: SyntheticWalkTruth } {
  checkOptions(options);
  const random = seededRandom(options.seed);
  const bouts: JointBout[] = [];
  const schedules: { schedule: Schedule; offset: number; end: number }[] = [];
  let offset = 0;
  for (let b = 0; b < (options.bouts ?? 1); b++) {
    const { bout, schedule, end } = syntheticBout(options, random, offset);
    bouts.push(bout);
    schedules.push({ schedule, offset, end });
    offset += end + GAP_BETWEEN_BOUTS_S;
  }
  return { recording: { bouts }, truth: scheduleTruth(schedules) };
}

function checkOptions(o: SyntheticWalkOptions): void {
  const within = (value: number, low: number, high: number) => Number.isFinite(value) && value >= low && value <= high;
  if (!within(o.speed, 0.05, 5)) throw new RangeError('speed must be 0.05–5 m/s');
  if (!within(o.cadence, 20, 200)) throw new RangeError('cadence must be 20–200 steps/min');
  if (!within(o.stancePercent, 51, 90))
    throw new RangeError('stancePercent must be 51–90 (walking has double support)');
  if (!within(o.durationS, 0.1, 36_000)) throw new RangeError('durationS must be 0.1–36000 s');
  if (!within(o.frameRateHz ?? 30, 10, 1000)) throw new RangeError('frameRateHz must be 10–1000');
  if (o.treadmill === true && (o.turnDegreesPerSecond ?? 0) !== 0) throw new RangeError('a treadmill walk cannot turn');
  if (!within(o.strideCv ?? 0.03, 0, 0.1)) throw new RangeError('strideCv must be 0–0.1');
  if (!within(o.asymmetry ?? 0, 0, 0.3)) throw new RangeError('asymmetry must be 0–0.3');
  const p = o.pathology;
  if (p?.kind === 'antalgic' && !within(p.stanceDrop ?? 6, 0, o.stancePercent - 51))
    throw new RangeError('an antalgic stance drop must leave the painful side more than half the cycle in stance');
  if (p?.kind === 'steppage' && !within(p.clearance ?? 0.08, 0, 0.3))
    throw new RangeError('steppage clearance must be 0–0.3 m');
}

function syntheticBout(o: SyntheticWalkOptions, random: Random, offset: number) {
  const strideTime = 120 / o.cadence;
  const step = strideTime / 2;
  const margin = Math.min(0.2, 0.45 * step);
  const firstStrike = margin + random.uniform() * (step - margin);
  const steps = Math.max(0, Math.floor((o.durationS - margin - firstStrike) / step));
  const end = firstStrike + steps * step + margin + random.uniform() * Math.max(0, step - 2 * margin);
  const feet = footStyles(o.stancePercent, o.asymmetry ?? 0, o.pathology);
  const schedule = footfallSchedule(
    {
      speed: o.speed,
      cadence: o.cadence,
      feet,
      strideCv: o.strideCv ?? 0.03,
      firstStrike,
      firstSide: random.uniform() < 0.5 ? 'left' : 'right',
      end,
    },
    random,
  );
  const pattern: GaitPattern = {
    schedule,
    speed: o.speed,
    strideTime,
    stance: o.stancePercent / 100,
    stepWidth: 0.18,
    path: walkPath(o.direction, o.speed * end, ((o.turnDegreesPerSecond ?? 0) * Math.PI) / 180 / o.speed),
    floorY: -SENSOR_HEIGHT,
    bodyHeight: o.bodyHeight ?? 1.7,
    swings: feet,
  };
  return { bout: sample(pattern, o, random, offset, end), schedule, end };
}

function walkPath(direction: WalkDirection, length: number, curvature: number): WalkPath {
  switch (direction) {
    case 'toward':
      return { originX: 0, originZ: 1.5 + length, heading: -Math.PI / 2, curvature };
    case 'away':
      return { originX: 0, originZ: 1.5, heading: Math.PI / 2, curvature };
    case 'across':
      return { originX: -length / 2, originZ: 3, heading: 0, curvature };
  }
}

/** Moves every joint back along the initial heading by the distance walked: the belt's motion. */
function onBelt(positions: Float32Array, base: number, pattern: GaitPattern, t: number): void {
  const back = pattern.speed * t;
  for (let joint = 0; joint < JOINT_COUNT; joint++) {
    const i = base + joint * 3;
    positions[i] = (positions[i] ?? 0) - back * Math.cos(pattern.path.heading);
    positions[i + 2] = (positions[i + 2] ?? 0) - back * Math.sin(pattern.path.heading);
  }
}

/** Samples the skeleton with clock jitter, coordinate noise, joint dropouts and lost frames. */
function sample(pattern: GaitPattern, o: SyntheticWalkOptions, random: Random, offset: number, end: number): JointBout {
  const noise = o.noise ?? KINECT_NOISE;
  const rate = o.frameRateHz ?? 30;
  const capacity = Math.floor(end * rate) + 1;
  const times = new Float64Array(capacity);
  const positions = new Float32Array(capacity * COORDINATES_PER_FRAME);
  const dropped = new Uint8Array(JOINT_COUNT);
  const point: PathPoint = { x: 0, z: 0, hx: 1, hz: 0 };
  const maxJitter = 0.3 / rate;
  let count = 0;
  for (let j = 0; j < capacity; j++) {
    const jitter = Math.max(-maxJitter, Math.min(maxJitter, (random.gaussian() * noise.timestampJitterMs) / 1000));
    const t = Math.max(0, Math.min(end, j / rate + jitter));
    if (random.uniform() < noise.frameDropout) continue;
    const base = count * COORDINATES_PER_FRAME;
    writeSkeleton(pattern, t, positions, base, point);
    if (o.treadmill === true) onBelt(positions, base, pattern, t);
    for (let joint = 0; joint < JOINT_COUNT; joint++) {
      dropped[joint] = random.uniform() < (dropped[joint] === 1 ? 0.5 : noise.jointDropout) ? 1 : 0;
      for (let axis = 0; axis < 3; axis++) {
        const i = base + joint * 3 + axis;
        positions[i] = dropped[joint] === 1 ? 0 : (positions[i] ?? 0) + noise.jointSigma * random.gaussian();
      }
    }
    times[count++] = offset + t;
  }
  return { times: times.slice(0, count), positions: positions.slice(0, count * COORDINATES_PER_FRAME) };
}
