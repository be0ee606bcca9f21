import { metresPerUnit } from '../c3d/pointTrack.ts';
import { importMarkerTrial } from './c3dImport.ts';
import { importFailure, type ImportResult } from './importedRecording.ts';
import { OPENCAP_BONES, OPENCAP_MAPPING } from './opencapSkeleton.ts';
import { toImportedRecording } from './sourceFrames.ts';
import { standUpright } from './uprightRecording.ts';
import { isOpencapTrc, trcMarkerTrial } from './trcMarkerTrial.ts';
import { parseTrc } from './trcText.ts';

/**
 * Reads a TRC marker file (trcText.ts). OpenCap's (its own marker names) map to the engine's joints by
 * opencapSkeleton.ts: OpenSim's ground frame has y up and is right-handed, as the joint data file's is, so positions
 * only change unit. Any other lab's TRC (Motion Analysis, OpenSim's gait models, BTK) is read as a marker trial, its
 * markers recognised by their set as a C3D trial's are.
 */
export function importOpencapTrc(text: string): ImportResult {
  const parsed = parseTrc(text);
  if (!parsed.ok) return importFailure(parsed.error);
  const { names, units, times, positions, warnings } = parsed.markers;
  const scale = metresPerUnit(units);
  if (scale === undefined) return importFailure(`The TRC file's markers are in '${units}'; mm, cm or m expected.`);
  if (isOpencapTrc(names)) {
    const result = toImportedRecording(
      'opencapTrc',
      { names, times, positions: Float32Array.from(positions, (v) => v * scale) },
      OPENCAP_MAPPING,
      OPENCAP_BONES,
      warnings,
    );
    return standUpright(result, { axes: ['+X', '+Y', '+Z'], declared: "+Y (OpenSim's up)" });
  }
  const { trial, vertical } = trcMarkerTrial(parsed.markers);
  const result = importMarkerTrial(trial, 'opencapTrc');
  if (!result.ok) return result;
  const upright =
    vertical === '+Y' ? [] : [`The markers stand on ${vertical}, not OpenSim's +Y: the walk is stood upright on it.`];
  return {
    ok: true,
    imported: { ...result.imported, warnings: [...warnings, ...upright, ...result.imported.warnings] },
  };
}
