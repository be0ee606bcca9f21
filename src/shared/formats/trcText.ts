/**
 * A marker file in the TRC format (Motion Analysis Corporation's track row column format, as OpenSim documents it
 * under "Marker (.trc) Files"): a `PathFileType` line, a line of header names (DataRate, CameraRate, NumFrames,
 * NumMarkers, Units, OrigDataRate, …) and one of their values, a `Frame#	Time	Marker1			Marker2 …` line, an
 * `X1	Y1	Z1 …` line, then one tab-separated row per frame: frame number, time in seconds, and x, y, z per marker
 * (an empty value is a gap).
 */
export type TrcMarkers = {
  names: string[];
  units: string;
  /** Seconds. */
  times: Float64Array;
  /** Frame f, marker m, axis a at (f × names.length + m) × 3 + a, in the file's units; NaN in gaps. */
  positions: Float32Array;
  /** What the reader had to decide about the file (a header count that disagrees with the data). */
  warnings: string[];
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function parseTrc(text: string): { ok: true; markers: TrcMarkers } | { ok: false; error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!(lines[0] ?? '').startsWith('PathFileType')) return fail('The TRC file does not start with PathFileType.');
  // Writers separate the header's names and values by one tab, several, or spaces (BTK, Cortex, OpenSim).
  const keys = (lines[1] ?? '').trim().split(/\s+/);
  const values = (lines[2] ?? '').trim().split(/\s+/);
  const header = new Map(keys.map((key, i) => [key, values[i] ?? '']));
  const units = header.get('Units') ?? '';
  if (units === '') return fail('The TRC header has no Units (mm or m expected).');
  const names = (lines[3] ?? '')
    .split('\t')
    .slice(2)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return fail('The TRC file names no markers on its Frame# Time line.');
  // The names and the data are what the file holds; some writers' NumMarkers disagrees with both (0, or twice).
  const declared = Number(header.get('NumMarkers'));
  const warnings =
    Number.isFinite(declared) && declared !== names.length
      ? [
          `The TRC header says NumMarkers ${String(declared)}; the file names ${String(names.length)} markers, which are read.`,
        ]
      : [];
  const times: number[] = [];
  const positions: number[] = [];
  const rows = lines.slice(5).map((line, i) => ({ line, number: i + 6 }));
  const last = rows.findLast(({ line }) => line.trim() !== '');
  for (const { line, number } of rows) {
    if (line.trim() === '') continue;
    const fields = line.split('\t').map((field) => field.trim());
    const time = fields[1] ?? '';
    if (!NUMBER.test(time))
      return fail(`Line ${String(number)} of the TRC file: the time "${time.slice(0, 20)}" is not a number.`);
    // A last row without its line end and short of values is a file cut in the middle of that frame.
    const expected = 2 + names.length * 3;
    if (line === last?.line && number === last.number && !/\n\s*$/.test(text) && fields.length < expected) {
      return fail(
        `The TRC file is cut short: frame ${fields[0] ?? ''} (line ${String(number)}) holds ${String(fields.length)} of its ${String(expected)} values.`,
      );
    }
    times.push(Number(time));
    for (let c = 0; c < names.length * 3; c++) {
      const value = fields[2 + c] ?? '';
      if (value === '' || value.toLowerCase() === 'nan') {
        positions.push(Number.NaN);
        continue;
      }
      if (!NUMBER.test(value)) {
        return fail(
          `Line ${String(number)} of the TRC file: "${value.slice(0, 20)}" for ${names[Math.floor(c / 3)] ?? ''} is not a number.`,
        );
      }
      positions.push(Number(value));
    }
  }
  if (times.length === 0) return fail('The TRC file has no frames.');
  const frames = Number(header.get('NumFrames'));
  if (Number.isFinite(frames) && frames > times.length) {
    return fail(
      `The TRC file is cut short: its header declares ${String(frames)} frames and it holds ${String(times.length)}, the last at line ${String(last?.number ?? 0)}.`,
    );
  }
  return {
    ok: true,
    markers: { names, units, times: Float64Array.from(times), positions: Float32Array.from(positions), warnings },
  };
}

const fail = (error: string) => ({ ok: false as const, error });
