import { metresPerUnit } from '../c3d/pointTrack.ts';
import { importFailure, type ImportResult } from './importedRecording.ts';
import { OPENCAP_BONES, OPENCAP_MAPPING } from './opencapSkeleton.ts';
import { toImportedRecording } from './sourceFrames.ts';
import { parseTrc } from './trcText.ts';

/**
 * Reads an OpenCap marker file (TRC; trcText.ts). OpenSim's ground frame has y up and is right-handed, as the joint
 * data file's is, so positions only change unit (mm or m to metres); the heading does not matter to the engine.
 */
export function importOpencapTrc(text: string): ImportResult {
  const parsed = parseTrc(text);
  if (!parsed.ok) return importFailure(parsed.error);
  const { names, units, times, positions } = parsed.markers;
  const scale = metresPerUnit(units);
  if (scale === undefined) return importFailure(`The TRC file's markers are in '${units}'; mm, cm or m expected.`);
  return toImportedRecording(
    'opencapTrc',
    { names, times, positions: Float32Array.from(positions, (v) => v * scale) },
    OPENCAP_MAPPING,
    OPENCAP_BONES,
  );
}
