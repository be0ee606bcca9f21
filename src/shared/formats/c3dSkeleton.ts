import { metresPerUnit } from '../c3d/pointTrack.ts';
import type { MarkerTrial } from '../c3d/c3dTypes.ts';
import { labToKinect } from '../gait/c3dJointData.ts';
import type { SourceSkeleton } from './importedRecording.ts';

/** Points that Vicon and other processors store in POINT but that are not positions (angles, forces, …). */
const NOT_POSITIONS = ['ANGLES', 'FORCES', 'MOMENTS', 'POWERS', 'REACTIONS', 'SCALARS'];

const bilateral = (pairs: [string, string][]): [string, string][] =>
  pairs.flatMap(([a, b]) => [
    [`L${a}`, `L${b}`],
    [`R${a}`, `R${b}`],
  ]);

/** Segments between Plug-in Gait's markers (Vicon Plug-in Gait Reference Guide marker set) and its joint centres. */
const PLUG_IN_GAIT_BONES: [string, string][] = [
  ['LASI', 'RASI'],
  ['RASI', 'RPSI'],
  ['RPSI', 'LPSI'],
  ['LPSI', 'LASI'],
  ['SACR', 'LASI'],
  ['SACR', 'RASI'],
  ['C7', 'CLAV'],
  ['CLAV', 'STRN'],
  ['C7', 'T10'],
  ['LFHD', 'RFHD'],
  ['RFHD', 'RBHD'],
  ['RBHD', 'LBHD'],
  ['LBHD', 'LFHD'],
  ['C7', 'LSHO'],
  ['C7', 'RSHO'],
  ...bilateral([
    ['ASI', 'THI'],
    ['THI', 'KNE'],
    ['KNE', 'TIB'],
    ['TIB', 'ANK'],
    ['ANK', 'HEE'],
    ['HEE', 'TOE'],
    ['ANK', 'TOE'],
    ['SHO', 'ELB'],
    ['ELB', 'WRA'],
    ['ELB', 'WRB'],
    ['WRA', 'WRB'],
    ['WRA', 'FIN'],
    ['FEP', 'FEO'],
    ['FEO', 'TIO'],
    ['TIO', 'FOO'],
  ]),
];

/**
 * The trial's own markers (and model points) as a skeleton in the joint data file's space: every POINT that is a
 * position, in metres, turned from the lab frame the way c3dToJointData turns it (POINT:Y_SCREEN, usually '+Z', the
 * lab's vertical, becomes y), and Plug-in Gait's segments between the markers it finds. Labels are matched without
 * a subject prefix ('flatFoot:LASI' is LASI).
 */
export function c3dMarkerSkeleton(file: MarkerTrial, times: Float64Array): SourceSkeleton {
  const { points } = file;
  const scale = metresPerUnit(points.units) ?? 0.001;
  const excluded = new Set(
    NOT_POSITIONS.flatMap((name) => file.parameters.get('POINT', name)?.texts ?? []).map((l) => l.toUpperCase()),
  );
  const kept = points.labels.flatMap((label, p) => (excluded.has(label.toUpperCase()) ? [] : [p]));
  const jointNames = kept.map((p) => points.labels[p] ?? '');
  const bare = new Map(jointNames.map((label, i) => [label.toUpperCase().split(':').at(-1)?.trim() ?? '', i]));
  const bones = PLUG_IN_GAIT_BONES.flatMap(([a, b]) => {
    const [i, j] = [bare.get(a), bare.get(b)];
    return i === undefined || j === undefined ? [] : [[i, j] as const];
  });
  const toKinect = labToKinect(file);
  const width = kept.length;
  const positions = new Float32Array(points.frameCount * width * 3);
  const count = points.labels.length;
  for (let f = 0; f < points.frameCount; f++) {
    for (let k = 0; k < width; k++) {
      const at = (f * count + (kept[k] ?? 0)) * 3;
      const [x = Number.NaN, y = Number.NaN, z = Number.NaN] = points.positions.subarray(at, at + 3);
      if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) continue;
      toKinect(x * scale, y * scale, z * scale, positions, (f * width + k) * 3);
    }
  }
  return { jointNames, bones, bouts: [{ times, positions }] };
}
