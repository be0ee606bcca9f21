/**
 * An OpenSim motion file (.mot, "Storage" format, as OpenCap writes its inverse-kinematics results): a header of
 * `key=value` lines (nRows, nColumns, inDegrees, …) closed by `endheader`, a tab-separated line of column names
 * starting with `time`, and one row per frame. Angles are degrees when inDegrees=yes, else radians; translations
 * (pelvis_tx, …) are metres.
 */
export type OpenSimMotion = {
  name: string;
  columns: string[];
  /** Seconds. */
  times: Float64Array;
  /** Column c (not counting time) at values[c], one number per frame; angles in degrees whatever the file used. */
  values: Float64Array[];
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const TRANSLATIONS = /_t[xyz]$/;

export function parseOpenSimMot(text: string): { ok: true; motion: OpenSimMotion } | { ok: false; error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const end = lines.findIndex((line) => line.trim().toLowerCase() === 'endheader');
  if (end < 0) return fail('The motion file has no endheader line.');
  const header = new Map(
    lines.slice(0, end).flatMap((line) => {
      const at = line.indexOf('=');
      return at < 0 ? [] : [[line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()] as const];
    }),
  );
  const inDegrees = (header.get('indegrees') ?? 'no').toLowerCase() === 'yes';
  const columns = (lines[end + 1] ?? '')
    .trim()
    .split(/\t+|\s{2,}/)
    .filter((c) => c !== '');
  if (columns[0]?.toLowerCase() !== 'time') return fail("The motion file's first column after endheader is not time.");
  const rows = lines.slice(end + 2).filter((line) => line.trim() !== '');
  const times = new Float64Array(rows.length);
  const values = columns.slice(1).map(() => new Float64Array(rows.length));
  for (let r = 0; r < rows.length; r++) {
    const fields = (rows[r] ?? '').trim().split(/\s+/);
    if (fields.length !== columns.length) {
      return fail(
        `Row ${r + 1} of the motion file has ${fields.length} values; its header names ${columns.length} columns.`,
      );
    }
    const bad = fields.find((field) => !NUMBER.test(field));
    if (bad !== undefined) return fail(`Row ${r + 1} of the motion file: "${bad.slice(0, 20)}" is not a number.`);
    times[r] = Number(fields[0]);
    for (let c = 1; c < columns.length; c++) {
      const value = Number(fields[c]);
      const angle = !TRANSLATIONS.test(columns[c] ?? '');
      (values[c - 1] as Float64Array)[r] = angle && !inDegrees ? (value * 180) / Math.PI : value;
    }
  }
  if (rows.length === 0) return fail('The motion file has no rows.');
  return { ok: true, motion: { name: (lines[0] ?? '').trim(), columns: columns.slice(1), times, values } };
}

/** One column's values, undefined when the file has no such column (e.g. 'knee_angle_r', 'hip_flexion_l'). */
export function motionColumn(motion: OpenSimMotion, name: string): Float64Array | undefined {
  const index = motion.columns.indexOf(name);
  return index < 0 ? undefined : motion.values[index];
}

const fail = (error: string) => ({ ok: false as const, error });
