import type { C3dPoints } from './c3dTypes.ts';

/**
 * One point's trajectory: frame f's x, y, z at 3f (NaN in gaps), in POINT:UNITS. Labels are matched without
 * regard to case or a subject prefix ('flatFoot:LASI' is LASI), as Vicon Nexus writes them for multi-subject trials.
 * Undefined when the file has no such point.
 */
export function pointTrack(points: C3dPoints, label: string): Float32Array | undefined {
  const wanted = label.toUpperCase();
  const index = points.labels.findIndex((l) => l.toUpperCase().split(':').at(-1)?.trim() === wanted);
  if (index < 0) return undefined;
  const count = points.labels.length;
  const track = new Float32Array(points.frameCount * 3);
  for (let f = 0; f < points.frameCount; f++) {
    for (let a = 0; a < 3; a++) track[3 * f + a] = points.positions[(f * count + index) * 3 + a] ?? Number.NaN;
  }
  return track;
}

/** Metres per POINT:UNITS unit ('mm', 'cm', 'm'); C3D files from gait laboratories use millimetres. */
export function metresPerUnit(units: string): number | undefined {
  const unit = units.trim().toLowerCase();
  return unit === 'mm' ? 0.001 : unit === 'cm' ? 0.01 : unit === 'm' ? 1 : undefined;
}
