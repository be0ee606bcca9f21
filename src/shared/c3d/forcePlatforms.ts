import { unsigned, type C3dParameters } from './c3dParameters.ts';

/**
 * A force plate as the FORCE_PLATFORM group describes it (C3D User Guide, Motion Lab Systems, "The FORCE_PLATFORM
 * Group"). Types 1–4 are read, which between them cover the plates gait laboratories use:
 * - 1: Fx, Fy, Fz, the centre of pressure's X and Y, and Tz (early AMTI and Bertec outputs);
 * - 2: Fx, Fy, Fz, Mx, My, Mz (AMTI, Bertec), already in newtons and N·mm;
 * - 3: the eight Kistler channels Fx12, Fx34, Fy14, Fy23, Fz1, Fz2, Fz3, Fz4;
 * - 4: type 2's channels before the plate's calibration, which CAL_MATRIX turns into forces and moments.
 */
type ForcePlatformType = 1 | 2 | 3 | 4;

export type ForcePlatform = {
  /** Numbered from 1, as the file numbers them. */
  number: number;
  type: ForcePlatformType;
  /** The four corners in the lab frame (POINT:UNITS), corner 1 in the plate's +x +y quadrant, then 2, 3, 4 round it. */
  corners: [Vector3, Vector3, Vector3, Vector3];
  /** ORIGIN: from the working surface's centre to the transducer's origin, in the plate's frame (type 3: a, b, az0). */
  origin: Vector3;
  /** Indices into the file's analog channels (from 0), in the order the type lists them. */
  channels: number[];
  /** Type 4: the 6 × 6 matrix, row r and column c at 6r + c, that turns the six channels into Fx … Mz. */
  calibration: number[] | undefined;
};

export type Vector3 = [number, number, number];

/** Channels each type reads. */
const CHANNEL_COUNTS: Readonly<Record<ForcePlatformType, number>> = { 1: 6, 2: 6, 3: 8, 4: 6 };

/** What the group says of the file's plates: those it describes in full, and one sentence per plate left out. */
export type ForcePlatforms = {
  plates: ForcePlatform[];
  /** FORCE_PLATFORM:ZERO, the stored frames (from 1) whose mean is each channel's baseline; undefined if not given. */
  zero: { first: number; last: number } | undefined;
  skipped: string[];
};

/**
 * The plates of FORCE_PLATFORM, numbered from 1. A plate of another type (5 and up need matrices and channel sets
 * no sample here has), or whose channels or corners the group does not give, is left out and said why; the others
 * still count. CAL_MATRIX is stored column by column (the manual's FORTRAN order, as BTK reads it).
 */
export function readForcePlatforms(parameters: C3dParameters, analogChannels: number): ForcePlatforms {
  const get = (name: string) => parameters.get('FORCE_PLATFORM', name);
  const used = unsigned(get('USED')?.numbers[0] ?? 0);
  const types = get('TYPE')?.numbers ?? [];
  const channel = get('CHANNEL');
  const channelStep = channel?.dimensions[0] ?? 0;
  const corners = get('CORNERS')?.numbers ?? [];
  const origins = get('ORIGIN')?.numbers ?? [];
  const calibration = get('CAL_MATRIX');
  const calibrationStep = (calibration?.dimensions[0] ?? 0) * (calibration?.dimensions[1] ?? 0);
  const plates: ForcePlatform[] = [];
  const skipped: string[] = [];
  for (let p = 0; p < Math.min(used, types.length); p++) {
    const number = p + 1;
    const type = types[p] ?? 0;
    if (type !== 1 && type !== 2 && type !== 3 && type !== 4) {
      skipped.push(`Force plate ${String(number)} is of type ${String(type)}; types 1 to 4 are read.`);
      continue;
    }
    const count = CHANNEL_COUNTS[type];
    const indices = (channel?.numbers ?? []).slice(p * channelStep, p * channelStep + count).map((c) => c - 1);
    if (channelStep < count || indices.length < count || indices.some((c) => c < 0 || c >= analogChannels)) {
      skipped.push(`Force plate ${String(number)} names analog channels the file does not have.`);
      continue;
    }
    const at = corners.slice(12 * p, 12 * p + 12);
    if (at.length < 12 || !at.every(Number.isFinite)) {
      skipped.push(`Force plate ${String(number)} has no corners, so where it lies is unknown.`);
      continue;
    }
    const corner = (k: number): Vector3 => [at[3 * k] ?? 0, at[3 * k + 1] ?? 0, at[3 * k + 2] ?? 0];
    const matrix = type === 4 ? calibrationMatrix(calibration?.numbers ?? [], p * calibrationStep) : undefined;
    if (type === 4 && (matrix === undefined || calibrationStep !== 36)) {
      skipped.push(`Force plate ${String(number)} is of type 4 but the file gives no 6 × 6 CAL_MATRIX for it.`);
      continue;
    }
    plates.push({
      number,
      type,
      corners: [corner(0), corner(1), corner(2), corner(3)],
      origin: [origins[3 * p] ?? 0, origins[3 * p + 1] ?? 0, origins[3 * p + 2] ?? 0],
      channels: indices,
      calibration: matrix,
    });
  }
  return { plates, zero: zeroFrames(get('ZERO')?.numbers), skipped };
}

/** Column-major storage to row-major: stored value r + 6c is row r, column c. */
function calibrationMatrix(values: readonly number[], from: number): number[] | undefined {
  const stored = values.slice(from, from + 36);
  if (stored.length < 36 || !stored.every(Number.isFinite)) return undefined;
  return Array.from({ length: 36 }, (_, i) => stored[(i % 6) * 6 + Math.floor(i / 6)] ?? 0);
}

/** ZERO's first and last frames; a first frame of 0 is read as 1 (some writers count from 0), last < first as none. */
function zeroFrames(values: readonly number[] | undefined): ForcePlatforms['zero'] {
  if (values === undefined || values.length < 2) return undefined;
  const first = Math.max(1, unsigned(values[0] ?? 0));
  const last = unsigned(values[1] ?? 0);
  return last >= first ? { first, last } : undefined;
}
