import type { Metres, MetresPerSecond, PercentOfCycle, Seconds, StepsPerMinute } from './gaitUnits.ts';
import type { JointBout, JointRecording } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_COUNT } from './joints.ts';
import { seededRandom, type Random } from '../random.ts';
import type { Side } from './gaitResult.ts';
import type { GaitPattern, PathPoint, WalkPath } from './syntheticGait.ts';
import { writeSkeleton } from './syntheticSkeleton.ts';

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
};

export type SyntheticBoutTruth = {
  /** Seconds since the start of the recording. */
  heelStrikes: Record<Side, Seconds[]>;
  toeOffs: Record<Side, Seconds[]>;
  /** Steps completed between the bout's first and last heel strike. */
  stepCount: number;
  /** Pelvis travel between the first and last heel strike. */
  distance: Metres;
};

export type SyntheticWalkTruth = {
  speed: MetresPerSecond;
  cadence: StepsPerMinute;
  stancePercent: PercentOfCycle;
  swingPercent: PercentOfCycle;
  doubleSupportPercent: PercentOfCycle;
  singleSupportPercent: PercentOfCycle;
  stepLength: Metres;
  strideTime: Seconds;
  bouts: SyntheticBoutTruth[];
};

const SENSOR_HEIGHT = 0.8;
const GAP_BETWEEN_BOUTS_S = 3;

/**
 * A deterministic walk with known speed, cadence, stance and step length, seen by a Kinect-like sensor. The truth's
 * events follow the clinical definitions: heel strike when the foot reaches the floor, toe off when it leaves it.
 */
export function syntheticWalk(options: SyntheticWalkOptions): { recording: JointRecording; truth: SyntheticWalkTruth } {
  checkOptions(options);
  const random = seededRandom(options.seed);
  const strideTime = 120 / options.cadence;
  const stance = options.stancePercent / 100;
  const bouts: JointBout[] = [];
  const boutTruths: SyntheticBoutTruth[] = [];
  let offset = 0;
  for (let b = 0; b < (options.bouts ?? 1); b++) {
    const { bout, truth, end } = syntheticBout(options, random, offset, strideTime, stance);
    bouts.push(bout);
    boutTruths.push(truth);
    offset += end + GAP_BETWEEN_BOUTS_S;
  }
  return {
    recording: { bouts },
    truth: {
      speed: options.speed as MetresPerSecond,
      cadence: options.cadence as StepsPerMinute,
      stancePercent: options.stancePercent as PercentOfCycle,
      swingPercent: (100 - options.stancePercent) as PercentOfCycle,
      doubleSupportPercent: (2 * options.stancePercent - 100) as PercentOfCycle,
      singleSupportPercent: (100 - options.stancePercent) as PercentOfCycle,
      stepLength: ((options.speed * strideTime) / 2) as Metres,
      strideTime: strideTime as Seconds,
      bouts: boutTruths,
    },
  };
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
}

function syntheticBout(o: SyntheticWalkOptions, random: Random, offset: number, strideTime: number, stance: number) {
  const step = strideTime / 2;
  const margin = Math.min(0.2, 0.45 * step);
  const firstStrike = margin + random.uniform() * (step - margin);
  const steps = Math.max(0, Math.floor((o.durationS - margin - firstStrike) / step));
  const lastStrike = firstStrike + steps * step;
  const end = lastStrike + margin + random.uniform() * Math.max(0, step - 2 * margin);
  const leftFirst = random.uniform() < 0.5;
  const pattern: GaitPattern = {
    speed: o.speed,
    strideTime,
    stance,
    stepLength: o.speed * step,
    stepWidth: 0.18,
    leftHeelStrike: leftFirst ? firstStrike : firstStrike + step,
    path: walkPath(o.direction, o.speed * end, ((o.turnDegreesPerSecond ?? 0) * Math.PI) / 180 / o.speed),
    floorY: -SENSOR_HEIGHT,
    bodyHeight: o.bodyHeight ?? 1.7,
  };
  const events = (side: Side, delay: number) => {
    const first = pattern.leftHeelStrike + (side === 'left' ? 0 : step) + delay;
    const times: Seconds[] = [];
    for (let t = first - Math.ceil(first / strideTime) * strideTime; t <= end; t += strideTime) {
      if (t >= 0) times.push((offset + t) as Seconds);
    }
    return times;
  };
  const truth: SyntheticBoutTruth = {
    heelStrikes: { left: events('left', 0), right: events('right', 0) },
    toeOffs: { left: events('left', stance * strideTime), right: events('right', stance * strideTime) },
    stepCount: steps,
    distance: (o.speed * (lastStrike - firstStrike)) as Metres,
  };
  return { bout: sample(pattern, o, random, offset, end), truth, end };
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
