import { metresPerUnit, pointTrack } from '../c3d/pointTrack.ts';
import type { MarkerTrial } from '../c3d/c3dTypes.ts';
import { labToKinect } from '../gait/c3dJointData.ts';
import type { JointDataParseResult } from '../gait/jointDataFile.ts';
import { COORDINATES_PER_FRAME, JOINT_NAMES } from '../gait/joints.ts';

/**
 * Whether a C3D trial's points are the engine's own 20 joints, as the portal's C3D export writes them
 * (exports/c3dWriter.ts: POINT:LABELS HipCenter … FootRight), so that an exported session comes back as it left.
 */
export function hasPortalJoints(file: MarkerTrial): boolean {
  const labels = new Set(file.points.labels.map((label) => label.split(':').at(-1)?.trim().toUpperCase()));
  return JOINT_NAMES.every((name) => labels.has(name.toUpperCase()));
}

/**
 * The joints of such a trial as joint data: each point in metres, frame times from capture frame 1 at 0 s, gaps
 * untracked (0, 0, 0). A file whose vertical is +Y, as the export writes, keeps its axes; any other vertical is
 * turned upright as lab trials are (c3dToJointData).
 */
export function portalJointsToJointData(file: MarkerTrial): JointDataParseResult {
  const { points } = file;
  const scale = metresPerUnit(points.units);
  if (scale === undefined) return { ok: false, error: `C3D points are in '${points.units}'; mm, cm or m expected.` };
  const vertical = file.parameters.get('POINT', 'Y_SCREEN')?.texts[0]?.toUpperCase() ?? '+Y';
  const turn = vertical === '+Y' ? keepAxes : labToKinect(file);
  const n = points.frameCount;
  const times = new Float64Array(n);
  const positions = new Float32Array(n * COORDINATES_PER_FRAME);
  JOINT_NAMES.forEach((name, joint) => {
    const track = pointTrack(points, name);
    for (let f = 0; f < n && track; f++) {
      const [x = Number.NaN, y = Number.NaN, z = Number.NaN] = track.subarray(3 * f, 3 * f + 3);
      if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) {
        turn(x * scale, y * scale, z * scale, positions, f * COORDINATES_PER_FRAME + joint * 3);
      }
    }
  });
  for (let f = 0; f < n; f++) times[f] = (points.firstFrame - 1 + f) / points.rate;
  return { ok: true, recording: { bouts: [{ times, positions }] } };
}

function keepAxes(x: number, y: number, z: number, out: Float32Array, at: number): void {
  out[at] = x;
  out[at + 1] = y;
  out[at + 2] = z;
}
