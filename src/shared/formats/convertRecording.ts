import { parseJointData, parseJointDataBytes, serializeJointData, type JointRecording } from '../gait/jointDataFile.ts';
import { decodeUtf8 } from '../utf8.ts';
import { FORMAT_NAMES, type ImportFormat, type SourceSkeleton } from './importedRecording.ts';
import { importAs } from './importRecording.ts';
import { kinectV1Skeleton } from './kinectV1Skeleton.ts';
import { recogniseFormat } from './recogniseFormat.ts';

/**
 * A recording as a session stores it: the joint data file's text (what the engine and every later reader use), the
 * recording as parsed back from that text, so that whoever converts the same bytes (the server at upload, the
 * skeleton viewer on a device) computes the same gait events, and the file's own skeleton for drawing.
 */
type ConvertedRecording = {
  format: ImportFormat;
  /** The joint data file: the uploaded text itself for the portal's own format, else the converted recording. */
  jointDataText: string;
  recording: JointRecording;
  skeleton: SourceSkeleton;
  warnings: string[];
};

export type ConversionResult = { ok: true; converted: ConvertedRecording } | { ok: false; error: string };

/**
 * Converts any accepted recording, recognised by its content, into the session's joint data file. A joint data file
 * is kept as it came; any other format is converted and written with serializeJointData, then read back with
 * parseJointData: the stored file must pass the same checks as an uploaded one, and the engine then sees exactly
 * what is stored (to a micrometre and a microsecond). Never throws on bad input.
 */
export function convertRecording(bytes: Uint8Array): ConversionResult {
  const recognised = recogniseFormat(bytes);
  if (!recognised.ok) return recognised;
  if (recognised.format === 'jointData') {
    const text = decodeUtf8(bytes);
    const parsed = parseJointData(text);
    if (!parsed.ok) return parsed;
    const { recording } = parsed;
    return {
      ok: true,
      converted: {
        format: 'jointData',
        jointDataText: text,
        recording,
        skeleton: kinectV1Skeleton(recording),
        warnings: [],
      },
    };
  }
  const imported = importAs(recognised.format, bytes);
  if (!imported.ok) return imported;
  const { format, skeleton, warnings } = imported.imported;
  const jointDataText = serializeJointData(imported.imported.recording);
  const stored = parseJointData(jointDataText);
  if (!stored.ok) return { ok: false, error: `${FORMAT_NAMES[format]}: ${stored.error}` };
  return { ok: true, converted: { format, jointDataText, recording: stored.recording, skeleton, warnings } };
}

/** The recording only, for a reader that stores nothing (the skeleton viewer): convertRecording without the text. */
export type ReadRecording = Pick<ConvertedRecording, 'format' | 'recording' | 'skeleton'>;

/**
 * convertRecording's recording, skeleton and format, the same for the same bytes; a joint data file is read from its
 * bytes (parseJointDataBytes) without decoding its text, which only convertRecording's callers store.
 */
export function readRecording(bytes: Uint8Array): { ok: true; read: ReadRecording } | { ok: false; error: string } {
  const recognised = recogniseFormat(bytes);
  if (!recognised.ok) return recognised;
  if (recognised.format !== 'jointData') {
    const converted = convertRecording(bytes);
    return converted.ok ? { ok: true, read: converted.converted } : converted;
  }
  const parsed = parseJointDataBytes(bytes);
  if (!parsed.ok) return parsed;
  const { recording } = parsed;
  return { ok: true, read: { format: 'jointData', recording, skeleton: kinectV1Skeleton(recording) } };
}
