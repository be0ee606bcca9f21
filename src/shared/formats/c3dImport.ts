import { readC3d } from '../c3d/readC3d.ts';
import type { C3dFile, MarkerTrial } from '../c3d/c3dTypes.ts';
import { c3dToJointData, labAxes } from '../gait/c3dJointData.ts';
import { c3dPlateEvents } from './c3dPlateEvents.ts';
import { c3dMarkerSkeleton } from './c3dSkeleton.ts';
import { importFailure, type ImportResult } from './importedRecording.ts';
import { hasPortalJoints, portalJointsToJointData } from './portalJointsC3d.ts';
import { markerSetRefusal, recogniseMarkerSet, type MarkerRole, type RecognisedSet } from './markerSets.ts';
import { untrackedGaitJoints } from './sourceFrames.ts';
import { standUpright, type FileAxes } from './uprightRecording.ts';

/**
 * Reads a C3D marker trial (any processor format, integer or float storage; src/shared/c3d) as the engine's joints
 * (c3dToJointData: Plug-in Gait's joint centres when the trial carries them, else the hip centres by Harrington et
 * al. 2007 from the pelvis markers) plus the trial's own markers as its skeleton. The markers are recognised by the
 * set their labels belong to (markerSets.ts), so a Helen Hayes, IOR or Codamotion trial reads like a Plug-in Gait one.
 * A set with a single sacral marker stands it in for both posterior iliac spines: the pelvis frame only needs their
 * midpoint.
 */
export function importC3d(bytes: Uint8Array): ImportResult {
  const read = readC3d(bytes);
  return read.ok ? importC3dFile(read.file) : importFailure(read.error);
}

/**
 * The same, from a file already read. A trial with force plates (FORCE_PLATFORM and its analog channels) also gets
 * the heel strikes and toe offs of each clean contact on them (c3dPlateEvents.ts), kept with the joints.
 */
export function importC3dFile(original: MarkerTrial | C3dFile): ImportResult {
  return importMarkerTrial(original, 'c3d');
}

/** A marker trial, from a C3D file or a TRC marker file (trcMarkerTrial.ts), as the engine's joints. */
export function importMarkerTrial(original: MarkerTrial | C3dFile, format: 'c3d' | 'opencapTrc'): ImportResult {
  if (hasPortalJoints(original)) return importPortalJoints(original, format);
  const recognised = recogniseMarkerSet(original.points.labels);
  if (recognised === undefined) {
    const what = format === 'c3d' ? 'This C3D trial' : 'This TRC marker file';
    return importFailure(`${what} cannot be analysed. ${markerSetRefusal(original.points.labels)}`);
  }
  const named = withRoleLabels(original, recognised);
  const file = withSacrumAsPsis(named);
  const joints = c3dToJointData(file);
  if (!joints.ok) return importFailure(joints.error);
  const times = joints.recording.bouts[0]?.times ?? new Float64Array();
  // Markers all in gaps (NaN, residual −1) leave every joint untracked: the same refusal as the other formats.
  const untracked = untrackedGaitJoints(joints.recording.bouts[0]?.positions ?? new Float32Array(), times.length);
  if (untracked !== undefined) return importFailure(untracked);
  const warnings: string[] = [];
  if (recognised.set.name !== 'Plug-in Gait / CGM') warnings.push(`Markers read as the ${recognised.set.name} set.`);
  const plates =
    'analog' in original && original.analog !== undefined ? c3dPlateEvents(original, named.points) : undefined;
  const recording = plates === undefined ? joints.recording : { ...joints.recording, plateEvents: plates.events };
  const sacrum = recognised.roles.get('SACR');
  if (file !== named && sacrum !== undefined) {
    const label = original.points.labels[sacrum] ?? 'SACR';
    warnings.push(`The pelvis has one sacral marker (${label}), used for both posterior iliac spines.`);
  }
  if (plates?.warning !== undefined) warnings.push(plates.warning);
  const result: ImportResult = {
    ok: true,
    imported: { format, recording, skeleton: c3dMarkerSkeleton(original, times), warnings },
  };
  return standUpright(result, declaredAxes(file, format));
}

/** The lab's axes as c3dToJointData turns them: POINT:Y_SCREEN's vertical (a TRC's, found from its markers). */
function declaredAxes(file: MarkerTrial, format: 'c3d' | 'opencapTrc'): FileAxes {
  const vertical = file.parameters.get('POINT', 'Y_SCREEN')?.texts[0]?.toUpperCase() ?? '+Z';
  const whose = format === 'c3d' ? 'its POINT:Y_SCREEN' : "the markers' own";
  return { axes: labAxes(file), declared: `${vertical} (${whose})` };
}

/** A trial of the engine's own joints (the portal's C3D export), read back as the joints it holds. */
function importPortalJoints(file: MarkerTrial, format: 'c3d' | 'opencapTrc'): ImportResult {
  const joints = portalJointsToJointData(file);
  if (!joints.ok) return importFailure(joints.error);
  const times = joints.recording.bouts[0]?.times ?? new Float64Array();
  const result: ImportResult = {
    ok: true,
    imported: { format, recording: joints.recording, skeleton: c3dMarkerSkeleton(file, times), warnings: [] },
  };
  const vertical = file.parameters.get('POINT', 'Y_SCREEN')?.texts[0]?.toUpperCase() ?? '+Y';
  const axes: FileAxes['axes'] = vertical === '+Y' ? ['+X', '+Y', '+Z'] : labAxes(file);
  return standUpright(result, { axes, declared: `${vertical} (its POINT:Y_SCREEN)` });
}

/**
 * The file with each recognised marker labelled by its role (the Plug-in Gait name c3dToJointData reads), and any
 * other label that would be taken for a role marked as not one, so that only the recognised marker answers to it.
 */
function withRoleLabels(file: MarkerTrial, { roles }: RecognisedSet): MarkerTrial {
  const byIndex = new Map<number, MarkerRole>([...roles].map(([role, index]) => [index, role]));
  const roleNames = new Set<string>(roles.keys());
  const labels = file.points.labels.map((label, i) => {
    const role = byIndex.get(i);
    if (role !== undefined) return role;
    const bare = label.toUpperCase().split(':').at(-1)?.trim() ?? '';
    return roleNames.has(bare) ? `${label} (not used)` : label;
  });
  return { ...file, points: { ...file.points, labels } };
}

/** The file with LPSI and RPSI added as copies of SACR when it has SACR but neither of them. */
function withSacrumAsPsis(file: MarkerTrial): MarkerTrial {
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
