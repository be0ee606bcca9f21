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
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function parseTrc(text: string): { ok: true; markers: TrcMarkers } | { ok: false; error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!(lines[0] ?? '').startsWith('PathFileType')) return fail('The TRC file does not start with PathFileType.');
  const keys = (lines[1] ?? '').split('\t').map((k) => k.trim());
  const values = (lines[2] ?? '').split('\t').map((v) => v.trim());
  const header = new Map(keys.map((key, i) => [key, values[i] ?? '']));
  const units = header.get('Units') ?? '';
  if (units === '') return fail('The TRC header has no Units (mm or m expected).');
  const names = (lines[3] ?? '')
    .split('\t')
    .slice(2)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return fail('The TRC file names no markers on its Frame# Time line.');
  const declared = Number(header.get('NumMarkers'));
  if (Number.isFinite(declared) && declared !== names.length) {
    return fail(`The TRC header says NumMarkers ${declared} but names ${names.length} markers.`);
  }
  const times: number[] = [];
  const positions: number[] = [];
  for (let i = 5; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const fields = line.split('\t').map((field) => field.trim());
    const time = fields[1] ?? '';
    if (!NUMBER.test(time))
      return fail(`Line ${i + 1} of the TRC file: the time "${time.slice(0, 20)}" is not a number.`);
    times.push(Number(time));
    for (let c = 0; c < names.length * 3; c++) {
      const value = fields[2 + c] ?? '';
      if (value === '' || value.toLowerCase() === 'nan') {
        positions.push(Number.NaN);
        continue;
      }
      if (!NUMBER.test(value)) {
        return fail(
          `Line ${i + 1} of the TRC file: "${value.slice(0, 20)}" for ${names[Math.floor(c / 3)] ?? ''} is not a number.`,
        );
      }
      positions.push(Number(value));
    }
  }
  if (times.length === 0) return fail('The TRC file has no frames.');
  return {
    ok: true,
    markers: { names, units, times: Float64Array.from(times), positions: Float32Array.from(positions) },
  };
}

const fail = (error: string) => ({ ok: false as const, error });
