import { importFailure, type ImportResult } from './importedRecording.ts';
import { mostFrequent } from './jsonValues.ts';
import {
  KINECT_V2_AXES,
  KINECT_V2_BONES,
  KINECT_V2_JOINTS,
  KINECT_V2_MAPPING,
  trackingState,
} from './kinectV2Skeleton.ts';
import { toImportedRecording } from './sourceFrames.ts';
import { standUpright } from './uprightRecording.ts';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Reads Kinect v2 body frames as CSV (docs/import-formats.md): a header row, then one row per body and frame.
 * Columns, in any order and any letter case: `time_s` (seconds) or `timestamp_ms` (milliseconds); for each of the 25
 * JointType names, `<Joint>_x`, `<Joint>_y`, `<Joint>_z` (metres, camera space) and optionally `<Joint>_state`
 * (Tracked, Inferred, NotTracked or 2, 1, 0); optionally `body` (body index or tracking id) when several people were
 * tracked. Comma-separated, numbers with a decimal point; an empty coordinate is untracked.
 */
export function importKinectV2Csv(text: string): ImportResult {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.trim() !== '');
  const header = lines[0];
  if (header === undefined) return importFailure('The Kinect v2 CSV file is empty.');
  const columns = header.line.split(',').map((name) => name.trim().replace(/^"|"$/g, '').toLowerCase());
  const column = (name: string) => columns.indexOf(name.toLowerCase());
  const timeSeconds = column('time_s');
  const timeMs = column('timestamp_ms');
  if (timeSeconds < 0 === timeMs < 0) {
    return importFailure(
      'The Kinect v2 CSV header needs one time column: time_s (seconds) or timestamp_ms (milliseconds).',
    );
  }
  const timeColumn = timeSeconds >= 0 ? timeSeconds : timeMs;
  const timeScale = timeSeconds >= 0 ? 1 : 0.001;
  const jointColumns = KINECT_V2_JOINTS.map((joint) => ({
    joint,
    xyz: ['x', 'y', 'z'].map((axis) => column(`${joint}_${axis}`)),
    state: column(`${joint}_state`),
  }));
  const missing = jointColumns.filter(({ xyz }) => xyz.some((c) => c < 0)).map(({ joint }) => joint);
  if (missing.length > 0) {
    return importFailure(
      `The Kinect v2 CSV header lacks the columns of ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more joints` : ''}; <Joint>_x, <Joint>_y and <Joint>_z are expected for all 25 joints.`,
    );
  }
  const bodyColumn = column('body');
  const rows = lines.slice(1).map(({ line, number }) => ({ cells: line.split(',').map((c) => c.trim()), number }));
  const walker = bodyColumn < 0 ? undefined : mostFrequent(rows.map(({ cells }) => cells[bodyColumn] ?? ''));
  const times: number[] = [];
  const positions: number[] = [];
  let inferred = 0;
  for (const { cells, number } of rows) {
    if (cells.length !== columns.length) {
      return importFailure(`Line ${number} has ${cells.length} fields; the header has ${columns.length}.`);
    }
    if (walker !== undefined && cells[bodyColumn] !== walker) continue;
    const time = cells[timeColumn] ?? '';
    if (!NUMBER.test(time)) return importFailure(`Line ${number}: the time "${time.slice(0, 20)}" is not a number.`);
    times.push(Number(time) * timeScale);
    for (const { joint, xyz, state } of jointColumns) {
      const status = trackingState(state < 0 ? undefined : cells[state]);
      if (status === undefined) {
        return importFailure(
          `Line ${number}: ${joint}_state "${cells[state] ?? ''}" is not Tracked, Inferred or NotTracked.`,
        );
      }
      const values = xyz.map((c) => cells[c] ?? '');
      if (status === 'notTracked' || values.some((v) => v === '')) {
        positions.push(Number.NaN, Number.NaN, Number.NaN);
        continue;
      }
      const bad = values.find((v) => !NUMBER.test(v));
      if (bad !== undefined) {
        return importFailure(`Line ${number}: ${joint} coordinate "${bad.slice(0, 20)}" is not a number of metres.`);
      }
      if (status === 'inferred') inferred++;
      positions.push(...values.map(Number));
    }
  }
  const warnings: string[] = [];
  if (walker !== undefined && times.length < rows.length) {
    warnings.push(`The file has rows of several bodies; body ${walker}, seen in the most rows, is used.`);
  }
  const total = times.length * KINECT_V2_JOINTS.length;
  if (total > 0 && inferred / total > 0.1) {
    warnings.push(
      `${Math.round((100 * inferred) / total)}% of the joint positions are inferred by the sensor, not seen.`,
    );
  }
  const result = toImportedRecording(
    'kinectV2Csv',
    { names: KINECT_V2_JOINTS, times: Float64Array.from(times), positions: Float32Array.from(positions) },
    KINECT_V2_MAPPING,
    KINECT_V2_BONES,
    warnings,
  );
  return standUpright(result, KINECT_V2_AXES);
}
