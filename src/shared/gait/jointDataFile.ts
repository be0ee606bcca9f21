import { decodeUtf8, encodeUtf8 } from '../utf8.ts';
import { scanJointDataBytes } from './jointDataBytes.ts';
import { PLATE_EVENTS_KEY, plateEventsJson, readPlateEvents } from './jointDataPlateEvents.ts';
import type { JointBout } from './jointBout.ts';
import { COORDINATES_PER_FRAME, JOINT_NAMES } from './joints.ts';
import type { PlateEvent } from './plateEvents.ts';

/** A module-local copy: bundlers and test runners may turn an imported binding into a property read per use. */
const FRAME_STRIDE = COORDINATES_PER_FRAME;

/**
 * The joint data file, MainStorageFormat_JointData.json (docs/joint-data.md). Each "Step" of the file is one
 * walking bout (a pass in front of the sensor), not a gait step. Timestamp: milliseconds since the start of the
 * recording. Joint_Positions: x, y, z in metres for the 20 joints of JOINT_NAMES, Kinect camera space.
 */
export type JointDataFile = {
  Steps: { Frames: { Timestamp: number; Joint_Positions: number[]; Heel_Positions?: number[] }[] }[];
};

export type { JointBout } from './jointBout.ts';
export type JointRecording = {
  bouts: JointBout[];
  /** The trial's force plate events on the recording's clock (C3D trials with plates); absent for other files. */
  plateEvents?: PlateEvent[];
  /** 'side' when one camera saw the walk from the side (a video): nothing across the walk can be measured. */
  view?: 'side';
};
export type JointDataParseResult = { ok: true; recording: JointRecording } | { ok: false; error: string };

/** Kinect v1 runs at 30 Hz; anything outside this band is a unit mistake (seconds or microseconds) or garbage. */
export const MIN_FRAME_RATE_HZ = 5;
export const MAX_FRAME_RATE_HZ = 1000;
/** Far beyond any room; rejecting larger values keeps every later product of coordinates finite. */
export const MAX_COORDINATE_M = 10_000;
/** About 300 years in milliseconds: also admits Unix-epoch timestamps, whose differences are still exact. */
export const MAX_TIMESTAMP_MS = 1e13;

type Fail = { ok: false; error: string };
const fail = (error: string): Fail => ({ ok: false, error });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * How to read the text: `scan` (the default) scans the usual layout straight into typed arrays, faster than
 * JSON.parse alone once the scanner's code is optimised; `json` always goes through the native JSON.parse and plain
 * loops (the reference the scanners are checked against). Both give the same recording and the same errors.
 */
export type JointDataReading = 'scan' | 'json';

/**
 * Parses and validates a joint data file. The usual layout is scanned straight into typed arrays from the text's
 * UTF-8 bytes (jointDataBytes.ts: encoding the text and scanning its bytes beats both a scanner over the string and
 * JSON.parse, tests/bench/gaitEngine.ts) unless `reading` is `json`; anything else, and every error, goes through
 * JSON.parse and plain-loop checks (a zod pass per frame would cost several times the JSON.parse itself).
 */
export function parseJointData(text: string, reading: JointDataReading = 'scan'): JointDataParseResult {
  const scanned = reading === 'scan' ? scanJointDataBytes(encodeUtf8(text)) : undefined;
  return scanned === undefined ? parseThroughJson(text) : parseScannedJointData(scanned);
}

/**
 * parseJointData of the file's bytes (UTF-8): the usual layout is scanned from the bytes themselves
 * (jointDataBytes.ts), without decoding the text; anything else is decoded and read as parseJointData reads it.
 */
export function parseJointDataBytes(bytes: Uint8Array): JointDataParseResult {
  const scanned = scanJointDataBytes(bytes);
  return scanned === undefined ? parseThroughJson(decodeUtf8(bytes)) : parseScannedJointData(scanned);
}

/**
 * parseJointDataBytes's answer for a file whose bouts the scanner has already read (scanJointDataBytes, or a
 * JointDataScan fed the file as it downloaded): the checks the scan leaves to the whole bout.
 */
export function parseScannedJointData(scanned: JointBout[]): JointDataParseResult {
  for (let s = 0; s < scanned.length; s++) {
    const problem = checkFrameRate(scanned[s]?.times ?? new Float64Array(), s + 1);
    if (problem !== undefined) return problem;
  }
  return { ok: true, recording: { bouts: scanned } };
}

function parseThroughJson(text: string): JointDataParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('Joint data file is not valid JSON.');
  }
  if (!isRecord(data) || !Array.isArray(data.Steps)) return fail('Joint data file has no "Steps" list.');
  const steps: unknown[] = data.Steps;
  if (steps.length === 0) return fail('Joint data file has no steps; at least one step with frames is expected.');
  const bouts: JointBout[] = [];
  for (let s = 0; s < steps.length; s++) {
    const bout = parseStep(steps[s], s + 1);
    if ('error' in bout) return bout;
    bouts.push(bout);
  }
  const recording: JointRecording = { bouts };
  if (VIEW_KEY in data) {
    if (data[VIEW_KEY] !== SIDE_VIEW) return fail('View must be "Side" (a side-view video) or left out.');
    recording.view = 'side';
  }
  if (!(PLATE_EVENTS_KEY in data)) return { ok: true, recording };
  const plateEvents = readPlateEvents(data[PLATE_EVENTS_KEY]);
  return typeof plateEvents === 'string' ? fail(plateEvents) : { ok: true, recording: { ...recording, plateEvents } };
}

/** The file's word for a recording seen from one side (docs/joint-data.md). */
const VIEW_KEY = 'View';
const SIDE_VIEW = 'Side';

function parseStep(step: unknown, stepNumber: number): JointBout | Fail {
  if (!isRecord(step) || !Array.isArray(step.Frames)) return fail(`Step ${stepNumber} has no "Frames" list.`);
  const frames: unknown[] = step.Frames;
  const count = frames.length;
  if (count === 0) return fail(`Step ${stepNumber} has no frames.`);
  const times = new Float64Array(count);
  const positions = new Float32Array(count * FRAME_STRIDE);
  let heels: Float32Array | undefined;
  let previous = -Infinity;
  for (let f = 0; f < count; f++) {
    const frame = frames[f];
    const where = `Frame ${f + 1} of step ${stepNumber}`;
    if (!isRecord(frame)) return fail(`${where} is not an object with Timestamp and Joint_Positions.`);
    const timestamp = frame.Timestamp;
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
      return fail(`${where} has no numeric Timestamp (milliseconds since the start of the recording).`);
    }
    if (timestamp < 0 || timestamp > MAX_TIMESTAMP_MS) {
      return fail(`${where} has Timestamp ${timestamp}; milliseconds since the start of the recording are expected.`);
    }
    if (timestamp <= previous) {
      return fail(
        `${where} has Timestamp ${timestamp} ms, not after the previous frame's ${previous} ms; timestamps must increase.`,
      );
    }
    previous = timestamp;
    times[f] = timestamp / 1000;
    const coordinates = frame.Joint_Positions;
    if (!Array.isArray(coordinates)) return fail(`${where} has no Joint_Positions list.`);
    if (coordinates.length !== FRAME_STRIDE) {
      return fail(
        `${where} has ${coordinates.length} joint coordinates; ${COORDINATES_PER_FRAME} are expected (x, y, z for 20 joints).`,
      );
    }
    const base = f * FRAME_STRIDE;
    for (let c = 0; c < FRAME_STRIDE; c++) {
      const value: unknown = coordinates[c];
      if (typeof value !== 'number' || !(value >= -MAX_COORDINATE_M && value <= MAX_COORDINATE_M)) {
        const joint = `${JOINT_NAMES[Math.floor(c / 3)] ?? ''} ${'xyz'[c % 3] ?? ''}`;
        return fail(
          `${where}: ${joint} is ${describe(value)}; a finite number of metres (within ±${MAX_COORDINATE_M}) is expected.`,
        );
      }
      positions[base + c] = value;
    }
    if (frame[HEEL_POSITIONS] === undefined) continue;
    heels ??= new Float32Array(count * HEEL_STRIDE);
    const problem = readHeels(frame[HEEL_POSITIONS], heels, f * HEEL_STRIDE);
    if (problem !== undefined) return fail(`${where}: ${problem}`);
  }
  return (
    checkFrameRate(times, stepNumber) ?? (heels === undefined ? { times, positions } : { times, positions, heels })
  );
}

/** The frame's optional heel markers (docs/joint-data.md): six numbers, left then right heel. */
const HEEL_POSITIONS = 'Heel_Positions';
const HEEL_STRIDE = 6;

function readHeels(value: unknown, into: Float32Array, at: number): string | undefined {
  const valid = (v: unknown): v is number => typeof v === 'number' && v >= -MAX_COORDINATE_M && v <= MAX_COORDINATE_M;
  if (!Array.isArray(value) || value.length !== HEEL_STRIDE || !value.every(valid)) {
    return `${HEEL_POSITIONS} must be 6 numbers of metres (x, y, z of the left and the right heel).`;
  }
  into.set(value, at);
  return undefined;
}

function checkFrameRate(times: Float64Array, stepNumber: number): Fail | undefined {
  if (times.length < 2) return undefined;
  const rate = (times.length - 1) / ((times[times.length - 1] ?? 0) - (times[0] ?? 0));
  if (rate >= MIN_FRAME_RATE_HZ && rate <= MAX_FRAME_RATE_HZ) return undefined;
  return fail(
    `Step ${stepNumber} has a frame rate of ${rate.toPrecision(3)} Hz; ${MIN_FRAME_RATE_HZ}–${MAX_FRAME_RATE_HZ} Hz is expected (Timestamp counts milliseconds).`,
  );
}

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `the text "${value.slice(0, 20)}"`;
  return value === null ? 'null' : typeof value;
}

/** Micrometres and microseconds: below any sensor's resolution, and a stable text after the first write. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const round3 = (value: number) => Math.round(value * 1e3) / 1e3;

/** Writes a recording as joint data file text (the inverse of parseJointData, to the rounding above). */
export function serializeJointData(recording: JointRecording): string {
  const steps = recording.bouts.map(({ times, positions, heels }) => {
    const frames: string[] = new Array<string>(times.length);
    const coordinates: number[] = new Array<number>(FRAME_STRIDE);
    for (let f = 0; f < times.length; f++) {
      for (let c = 0; c < FRAME_STRIDE; c++) coordinates[c] = round6(positions[f * FRAME_STRIDE + c] ?? 0);
      const heel =
        heels === undefined
          ? ''
          : `,"${HEEL_POSITIONS}":[${Array.from(heels.subarray(f * HEEL_STRIDE, (f + 1) * HEEL_STRIDE), round6).join(',')}]`;
      frames[f] = `{"Timestamp":${round3((times[f] ?? 0) * 1000)},"Joint_Positions":[${coordinates.join(',')}]${heel}}`;
    }
    return `{"Frames":[${frames.join(',')}]}`;
  });
  const plates = recording.plateEvents === undefined ? '' : `,${plateEventsJson(recording.plateEvents)}`;
  const view = recording.view === 'side' ? `,"${VIEW_KEY}":"${SIDE_VIEW}"` : '';
  return `{"Steps":[${steps.join(',')}]${plates}${view}}`;
}
