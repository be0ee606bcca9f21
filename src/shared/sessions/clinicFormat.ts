import type { JointRecording } from '../gait/jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_NAMES, type JointName } from '../gait/joints.ts';
import { CLINIC_METRIC_UNITS, decimal, parseMetricLine, type ClinicMetric } from './clinicMetrics.ts';

/**
 * The clinic-format file (GaitPortalClinicFormat_SessionFile.txt, docs/clinic-format.md): the plain text a clinic's
 * own system exports, holding either joint data or gait metrics. A header line with the format's name and version,
 * `Key: value` metadata lines, then `[Bout N]` sections of joint frames or one `[Metrics]` section.
 */
export const CLINIC_FORMAT_NAME = 'GaitPortal Clinic Format';
export const CLINIC_FORMAT_VERSION = '1.0';

type ClinicContent = 'JointData' | 'GaitMetrics';
type ClinicFormatData =
  { kind: 'jointData'; recording: JointRecording } | { kind: 'gaitMetrics'; metrics: ClinicMetric[] };
export type ClinicFormatDocument = {
  version: string;
  /** Metadata in file order, Content and Joints excluded (they are implied by the data). */
  metadata: [key: string, value: string][];
  data: ClinicFormatData;
};
export type ClinicFormatParseResult = { ok: true; document: ClinicFormatDocument } | { ok: false; error: string };

const HEADER = /^GaitPortal Clinic Format (\d+)\.(\d+)$/;
const META = /^([A-Za-z][A-Za-z0-9-]{0,39}):\s*(.*)$/;
const MAX_META_VALUE = 500;

/** Whether a text starts like a clinic-format file, so that an upload can be told apart by content. */
export const looksLikeClinicFormat = (text: string): boolean =>
  text.replace(/^\uFEFF/, '').startsWith(CLINIC_FORMAT_NAME);

class LineError extends Error {}
const at = (line: number, message: string) => new LineError(`Line ${line}: ${message}`);

export function parseClinicFormat(text: string): ClinicFormatParseResult {
  try {
    return { ok: true, document: parseDocument(text.replace(/^\uFEFF/, '').split(/\r?\n/)) };
  } catch (error) {
    if (error instanceof LineError) return { ok: false, error: `Clinic-format file, ${error.message}` };
    throw error;
  }
}

function parseDocument(lines: string[]): ClinicFormatDocument {
  const header = HEADER.exec((lines[0] ?? '').trim());
  if (header === null) throw at(1, `the first line must be '${CLINIC_FORMAT_NAME} ${CLINIC_FORMAT_VERSION}'.`);
  if (header[1] !== '1')
    throw at(1, `version ${header[1] ?? ''}.${header[2] ?? ''} is not supported; version 1.x is expected.`);
  const metadata: [string, string][] = [];
  let content: ClinicContent | undefined;
  let joints: readonly JointName[] = JOINT_NAMES;
  let i = 1;
  for (; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) break;
    const meta = META.exec(line);
    if (meta === null) throw at(i + 1, `expected 'Key: value' metadata or a [section], found '${line.slice(0, 40)}'.`);
    const [, key = '', value = ''] = meta;
    if (value.length > MAX_META_VALUE) throw at(i + 1, `${key} is too long (at most ${MAX_META_VALUE} characters).`);
    if (key === 'Content') {
      if (value !== 'JointData' && value !== 'GaitMetrics')
        throw at(i + 1, `Content must be JointData or GaitMetrics, not '${value}'.`);
      content = value;
    } else if (key === 'Joints') {
      joints = jointOrder(value, i + 1);
    } else {
      metadata.push([key, value]);
    }
  }
  if (content === undefined)
    throw at(i + 1, "the metadata must say 'Content: JointData' or 'Content: GaitMetrics' before the first section.");
  const data: ClinicFormatData =
    content === 'JointData'
      ? { kind: 'jointData', recording: parseBouts(lines, i, joints) }
      : { kind: 'gaitMetrics', metrics: parseMetrics(lines, i) };
  return { version: `${header[1]}.${header[2] ?? '0'}`, metadata, data };
}

function jointOrder(value: string, line: number): JointName[] {
  const names = value.split(',').map((n) => n.trim());
  const known = new Set<string>(JOINT_NAMES);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined) throw at(line, `unknown joint '${unknown}' in Joints.`);
  if (names.length !== JOINT_NAMES.length || new Set(names).size !== names.length) {
    throw at(line, `Joints must name each of the ${JOINT_NAMES.length} joints once.`);
  }
  return names as JointName[];
}

function sectionLines(
  lines: string[],
  from: number,
  onSection: (name: string, line: number) => void,
  onLine: (text: string, line: number) => void,
) {
  for (let i = from; i < lines.length; i++) {
    const text = (lines[i] ?? '').trim();
    if (text === '' || text.startsWith('#')) continue;
    if (text.startsWith('[')) {
      if (!text.endsWith(']')) throw at(i + 1, `a section header must end with ']'.`);
      onSection(text.slice(1, -1).trim(), i + 1);
    } else {
      onLine(text, i + 1);
    }
  }
}

function parseBouts(lines: string[], from: number, joints: readonly JointName[]): JointRecording {
  const columnOf = joints.map((name) => JOINT_NAMES.indexOf(name));
  const bouts: { times: number[]; positions: number[] }[] = [];
  let previous = -Infinity;
  sectionLines(
    lines,
    from,
    (name, line) => {
      if (name !== `Bout ${bouts.length + 1}`)
        throw at(line, `expected section [Bout ${bouts.length + 1}], found [${name}].`);
      bouts.push({ times: [], positions: [] });
      previous = -Infinity;
    },
    (text, line) => {
      const bout = bouts.at(-1);
      if (bout === undefined) throw at(line, 'frames must follow a [Bout 1] section header.');
      const fields = text.split(';');
      if (fields.length !== COORDINATES_PER_FRAME + 1) {
        throw at(
          line,
          `a frame has ${fields.length} fields; ${COORDINATES_PER_FRAME + 1} are expected (timestamp_ms, then x;y;z of ${JOINT_NAMES.length} joints).`,
        );
      }
      const timestamp = number(fields[0], line, 'timestamp_ms');
      if (timestamp < 0) throw at(line, 'timestamp_ms cannot be negative.');
      if (timestamp <= previous)
        throw at(
          line,
          `timestamp_ms ${timestamp} is not after the previous frame's ${previous}; timestamps must increase.`,
        );
      previous = timestamp;
      bout.times.push(timestamp / 1000);
      const frame = new Array<number>(COORDINATES_PER_FRAME);
      for (let c = 0; c < COORDINATES_PER_FRAME; c++) {
        const target = (columnOf[Math.floor(c / 3)] ?? 0) * 3 + (c % 3);
        frame[target] = number(fields[c + 1], line, `${joints[Math.floor(c / 3)] ?? ''} ${'xyz'[c % 3] ?? ''}`);
      }
      bout.positions.push(...frame);
    },
  );
  if (bouts.length === 0) throw at(lines.length, 'a JointData file needs at least one [Bout 1] section of frames.');
  const empty = bouts.findIndex((b) => b.times.length === 0);
  if (empty !== -1) throw at(lines.length, `[Bout ${empty + 1}] has no frames.`);
  return {
    bouts: bouts.map((b) => ({ times: Float64Array.from(b.times), positions: Float32Array.from(b.positions) })),
  };
}

function parseMetrics(lines: string[], from: number): ClinicMetric[] {
  const metrics: ClinicMetric[] = [];
  let inSection = false;
  const seen = new Set<string>();
  sectionLines(
    lines,
    from,
    (name, line) => {
      if (name !== 'Metrics' || inSection)
        throw at(line, `a GaitMetrics file has exactly one [Metrics] section, found [${name}].`);
      inSection = true;
    },
    (text, line) => {
      if (!inSection) throw at(line, 'metric lines must follow the [Metrics] section header.');
      const metric = parseMetricLine(text, (message) => at(line, message));
      const id = `${metric.name}/${metric.side}`;
      if (seen.has(id)) throw at(line, `${metric.name} for ${metric.side} is given twice.`);
      seen.add(id);
      metrics.push(metric);
    },
  );
  if (!inSection) throw at(lines.length, 'a GaitMetrics file needs a [Metrics] section.');
  const missing = Object.keys(CLINIC_METRIC_UNITS).find((name) => !seen.has(`${name}/session`));
  if (missing !== undefined) throw at(lines.length, `the [Metrics] section has no session value for ${missing}.`);
  return metrics;
}

function number(field: string | undefined, line: number, what: string): number {
  const text = (field ?? '').trim();
  const value = decimal(text);
  if (!Number.isFinite(value))
    throw at(line, `${what} is '${text.slice(0, 20)}'; a number with a decimal point is expected.`);
  return value;
}
