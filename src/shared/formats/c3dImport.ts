import { readC3d } from '../c3d/readC3d.ts';
import type { C3dFile } from '../c3d/c3dTypes.ts';
import { c3dToJointData } from '../gait/c3dJointData.ts';
import { c3dMarkerSkeleton } from './c3dSkeleton.ts';
import { importFailure, type ImportResult } from './importedRecording.ts';
import { untrackedGaitJoints } from './sourceFrames.ts';

const MARKER_SETS =
  'The portal reads lower-body marker sets with Plug-in Gait names: LASI, RASI, LPSI and RPSI (or SACR), LKNE, LANK, LTOE and their right-side twins.';

/**
 * Reads a C3D marker trial (any processor format, integer or float storage; src/shared/c3d) as the engine's joints
 * (c3dToJointData: Plug-in Gait's joint centres when the trial carries them, else the hip centres by Harrington et
 * al. 2007 from the pelvis markers) plus the trial's own markers as its skeleton. Marker sets with a single sacral
 * marker (SACR, as in the Helen Hayes set) stand it in for both posterior iliac spines: the pelvis frame only needs
 * their midpoint.
 */
export function importC3d(bytes: Uint8Array): ImportResult {
  const read = readC3d(bytes);
  return read.ok ? importC3dFile(read.file) : importFailure(read.error);
}

/** The same, from a file already read. */
export function importC3dFile(original: C3dFile): ImportResult {
  const file = withSacrumAsPsis(original);
  const joints = c3dToJointData(file);
  if (!joints.ok)
    return importFailure(joints.error.includes('lacks') ? `${joints.error} ${MARKER_SETS}` : joints.error);
  const times = joints.recording.bouts[0]?.times ?? new Float64Array();
  // Markers all in gaps (NaN, residual −1) leave every joint untracked: the same refusal as the other formats.
  const untracked = untrackedGaitJoints(joints.recording.bouts[0]?.positions ?? new Float32Array(), times.length);
  if (untracked !== undefined) return importFailure(untracked);
  const warnings: string[] = [];
  if (file !== original) warnings.push('The pelvis has a sacral marker (SACR), used for both posterior iliac spines.');
  return {
    ok: true,
    imported: { format: 'c3d', recording: joints.recording, skeleton: c3dMarkerSkeleton(original, times), warnings },
  };
}

/** The file with LPSI and RPSI added as copies of SACR when it has SACR but neither of them. */
function withSacrumAsPsis(file: C3dFile): C3dFile {
  const { points } = file;
  const bare = points.labels.map((label) => label.toUpperCase().split(':').at(-1)?.trim() ?? '');
  const sacrum = bare.indexOf('SACR');
  if (sacrum < 0 || bare.includes('LPSI') || bare.includes('RPSI')) return file;
  const count = points.labels.length;
  const wider = count + 2;
  const positions = new Float32Array(points.frameCount * wider * 3);
  const residuals = new Float32Array(points.frameCount * wider);
  const cameraMasks = new Uint8Array(points.frameCount * wider);
  for (let f = 0; f < points.frameCount; f++) {
    positions.set(points.positions.subarray(f * count * 3, (f + 1) * count * 3), f * wider * 3);
    const sacral = points.positions.subarray((f * count + sacrum) * 3, (f * count + sacrum) * 3 + 3);
    positions.set(sacral, (f * wider + count) * 3);
    positions.set(sacral, (f * wider + count + 1) * 3);
    residuals.set(points.residuals.subarray(f * count, (f + 1) * count), f * wider);
    cameraMasks.set(points.cameraMasks.subarray(f * count, (f + 1) * count), f * wider);
  }
  return {
    ...file,
    points: {
      ...points,
      labels: [...points.labels, 'LPSI', 'RPSI'],
      descriptions: [...points.descriptions, 'SACR', 'SACR'],
      positions,
      residuals,
      cameraMasks,
    },
  };
}
