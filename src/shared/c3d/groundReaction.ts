import type { C3dAnalog, C3dFile } from './c3dTypes.ts';
import { readForcePlatforms, type ForcePlatform, type Vector3 } from './forcePlatforms.ts';
import { cross, sub, unit } from './vector3.ts';

/**
 * One plate's vertical ground reaction force and centre of pressure, per analog sample. The force is the one the
 * floor exerts on the walker, positive upward (newtons); the centre of pressure lies on the working surface, in the
 * lab frame and POINT:UNITS, NaN while the plate carries less than COP_MIN_N.
 */
export type PlateLoad = {
  plate: ForcePlatform;
  /** Samples per second, and the recording time (capture frame 1 at 0 s) of sample 0. */
  rate: number;
  start: number;
  vertical: Float32Array;
  /** Sample s's x, y, z at 3s. */
  cop: Float32Array;
  /** Whether FORCE_PLATFORM:ZERO's frames gave the baseline taken off every channel. */
  zeroed: boolean;
};

/** Below this the centre of pressure is noise divided by noise. */
const COP_MIN_N = 10;
/**
 * ZERO's frames are taken for an unloaded plate only if Fz varies by less than this across them: a foot landing there
 * (a trial starting mid-stance) would otherwise be subtracted from the whole trial.
 */
const ZERO_STEADY_N = 20;

/**
 * Every plate's load (types 1–4), with the baseline of FORCE_PLATFORM:ZERO's frames removed where those frames show
 * an unloaded plate. The plate's axes come from its corners (x from corner 2 to 1, y from corner 4 to 1, z their
 * cross product, pointing into the floor), as BTK and the C3D User Guide place them; an ORIGIN whose z is positive
 * is taken as written the other way round and reversed, as BTK does. Moments about the surface centre give the
 * centre of pressure (C3D User Guide, "Force plate types"; Shimba 1984, J Biomech 17:53–60, reduced to the surface).
 */
export function plateLoads(file: Pick<C3dFile, 'parameters' | 'analog' | 'points'>): PlateLoad[] {
  const { analog, points } = file;
  if (analog === undefined || analog.labels.length === 0) return [];
  const { plates, zero } = readForcePlatforms(file.parameters, analog.labels.length);
  const samples = analog.values.length / analog.labels.length;
  const start = (points.firstFrame - 1) / points.rate;
  return plates.map((plate) => {
    const channels = plate.channels.map((c) => channelValues(analog, c, samples));
    const zeroed = zero !== undefined && removeBaseline(plate, channels, zero, analog.samplesPerFrame);
    const wrench = plateWrench(plate, channels, samples, momentScale(analog, plate, points.units));
    return { plate, rate: analog.rate, start, ...toLab(plate, wrench, samples), zeroed };
  });
}

function channelValues(analog: C3dAnalog, channel: number, samples: number): Float64Array {
  const count = analog.labels.length;
  return Float64Array.from({ length: samples }, (_, s) => analog.values[s * count + channel] ?? Number.NaN);
}

/** Moments in N·m against points in mm need a factor of 1000 to put the centre of pressure on the plate. */
function momentScale(analog: C3dAnalog, plate: ForcePlatform, pointUnits: string): number {
  if (plate.type === 1 || plate.type === 3) return 1;
  const unit = (analog.units[plate.channels[3] ?? 0] ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const metresPerPoint = { mm: 0.001, cm: 0.01, m: 1 }[pointUnits.trim().toLowerCase()] ?? 0.001;
  return unit === 'nm' ? 1 / metresPerPoint : 1;
}

/** Takes each channel's mean over ZERO's frames off it, when they show a steady plate; whether it did. */
function removeBaseline(
  plate: ForcePlatform,
  channels: Float64Array[],
  zero: { first: number; last: number },
  samplesPerFrame: number,
): boolean {
  const from = (zero.first - 1) * samplesPerFrame;
  const to = zero.last * samplesPerFrame;
  if (to > (channels[0]?.length ?? 0)) return false;
  const window = (c: Float64Array) => c.subarray(from, to);
  const fz = plateWrench(plate, channels.map(window), to - from, 1).force[2];
  let low = Infinity;
  let high = -Infinity;
  for (const v of fz) [low, high] = [Math.min(low, v), Math.max(high, v)];
  if (!(high - low < ZERO_STEADY_N)) return false;
  for (const c of channels) {
    const mean = window(c).reduce((sum, v) => sum + v, 0) / (to - from);
    for (let s = 0; s < c.length; s++) c[s] = (c[s] ?? 0) - mean;
  }
  return true;
}

/** Force, and the centre of pressure relative to the surface centre, in the plate's own frame. */
type PlateWrench = { force: [Float64Array, Float64Array, Float64Array]; cop: [Float64Array, Float64Array] };

function plateWrench(plate: ForcePlatform, raw: Float64Array[], n: number, momentUnits: number): PlateWrench {
  const ch = (i: number) => raw[i] ?? new Float64Array(n);
  const force = [new Float64Array(n), new Float64Array(n), new Float64Array(n)] as PlateWrench['force'];
  const cop = [new Float64Array(n), new Float64Array(n)] as PlateWrench['cop'];
  const [a, b, c] = plate.origin;
  // The surface centre seen from the transducer: z ≤ 0 in a frame whose z points into the floor.
  const o: Vector3 = c > 0 ? [-a, -b, -c] : [a, b, c];
  for (let s = 0; s < n; s++) {
    let f: Vector3;
    let m: Vector3;
    let oz = o[2];
    let [ox, oy] = [o[0], o[1]];
    if (plate.type === 1) {
      force[0][s] = ch(0)[s] ?? 0;
      force[1][s] = ch(1)[s] ?? 0;
      force[2][s] = ch(2)[s] ?? 0;
      cop[0][s] = ch(3)[s] ?? 0;
      cop[1][s] = ch(4)[s] ?? 0;
      continue;
    }
    if (plate.type === 3) {
      const [fx12, fx34, fy14, fy23, fz1, fz2, fz3, fz4] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ch(i)[s] ?? 0) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      // ORIGIN holds the sensors' offsets a and b from the centre, and az0 below the surface.
      f = [fx12 + fx34, fy14 + fy23, fz1 + fz2 + fz3 + fz4];
      m = [b * (fz1 + fz2 - fz3 - fz4), a * (fz2 + fz3 - fz1 - fz4), b * (fx34 - fx12) + a * (fy14 - fy23)];
      [ox, oy, oz] = [0, 0, -Math.abs(c)];
    } else {
      const values = [0, 1, 2, 3, 4, 5].map((i) => ch(i)[s] ?? 0);
      const out = plate.calibration === undefined ? values : multiply(plate.calibration, values);
      f = [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0];
      m = [(out[3] ?? 0) * momentUnits, (out[4] ?? 0) * momentUnits, (out[5] ?? 0) * momentUnits];
    }
    // Moments about the surface centre: M_s = M_o + F × o.
    const mx = m[0] + f[1] * oz - f[2] * oy;
    const my = m[1] + f[2] * ox - f[0] * oz;
    [force[0][s], force[1][s], force[2][s]] = f;
    cop[0][s] = -my / f[2] + ox;
    cop[1][s] = mx / f[2] + oy;
  }
  return { force, cop };
}

function multiply(matrix: readonly number[], values: readonly number[]): number[] {
  return [0, 1, 2, 3, 4, 5].map((r) => values.reduce((sum, v, c) => sum + (matrix[6 * r + c] ?? 0) * v, 0));
}

/**
 * The plate's readings in the lab. Writers store the floor's reaction on the walker in the plate's frame, whose z
 * points into the floor (every sample trial here reads about −1.1 body weights at mid-stance): upward is −Fz.
 */
function toLab(plate: ForcePlatform, wrench: PlateWrench, n: number): Pick<PlateLoad, 'vertical' | 'cop'> {
  const [c1, c2, , c4] = plate.corners;
  const centre = [0, 1, 2].map((a) => plate.corners.reduce((sum, c) => sum + (c[a] ?? 0), 0) / 4) as Vector3;
  const x = unit(sub(c1, c2));
  const z = unit(cross(x, sub(c1, c4)));
  const y = cross(z, x);
  const vertical = new Float32Array(n);
  const cop = new Float32Array(3 * n);
  for (let s = 0; s < n; s++) {
    const fz = wrench.force[2][s] ?? 0;
    vertical[s] = -fz;
    const [px, py] = [wrench.cop[0][s] ?? 0, wrench.cop[1][s] ?? 0];
    for (let a = 0; a < 3; a++) {
      cop[3 * s + a] = Math.abs(fz) < COP_MIN_N ? Number.NaN : (centre[a] ?? 0) + px * (x[a] ?? 0) + py * (y[a] ?? 0);
    }
  }
  return { vertical, cop };
}
