import { decodeUtf8 } from '../utf8.ts';
import { FORMAT_NAMES, IMPORT_FORMATS, type ImportFormat } from './importedRecording.ts';

/** The second byte of every C3D file (C3D User Guide, "The Header Section"). */
const C3D_KEY = 0x50;
/** Enough of the text to see the keys every frame of a JSON recording repeats. */
const SNIFF_CHARACTERS = 64 * 1024;

export const ACCEPTED_FORMATS_MESSAGE = `This file is not a recording the portal can read. Accepted formats: ${IMPORT_FORMATS.filter(
  (format) => format !== 'opensimMot',
)
  .map((format) => FORMAT_NAMES[format])
  .join('; ')}; and an OpenSim motion file (.mot) beside its OpenCap TRC.`;

/**
 * A C3D file: the header's key byte, and the parameter section where the header's first byte points (block n starts
 * at (n − 1) × 512) with its processor code (84 Intel, 85 DEC, 86 MIPS) in its fourth byte. The key alone is not
 * enough: a PNG image's second byte is 0x50 too.
 */
function isC3d(bytes: Uint8Array): boolean {
  const block = bytes[0] ?? 0;
  if (bytes.byteLength < 512 || bytes[1] !== C3D_KEY || block < 2) return false;
  const processor = bytes[(block - 1) * 512 + 3] ?? 0;
  return processor >= 84 && processor <= 86;
}

export type RecognisedFormat = { ok: true; format: ImportFormat } | { ok: false; error: string };

/**
 * Which recording format a file is, from its content alone (never its name): the C3D header's key byte; the first
 * line of a TRC (PathFileType), an OpenSim motion file (endheader) or a Kinect v2 CSV (SpineBase_x); and for JSON the
 * keys each format repeats in every frame. A file that claims a format is recognised even if damaged, so that its
 * importer can say what is wrong with it; anything else gets the list of accepted formats.
 */
export function recogniseFormat(bytes: Uint8Array): RecognisedFormat {
  if (isC3d(bytes)) return { ok: true, format: 'c3d' };
  const head = decodeUtf8(bytes.subarray(0, SNIFF_CHARACTERS * 4)).slice(0, SNIFF_CHARACTERS);
  const format = textFormat(head);
  return format === undefined ? { ok: false, error: ACCEPTED_FORMATS_MESSAGE } : { ok: true, format };
}

function textFormat(head: string): ImportFormat | undefined {
  const start = head.trimStart();
  if (start.startsWith('PathFileType')) return 'opencapTrc';
  if (/^\s*endheader\s*$/im.test(head) && /^time\b/im.test(head)) return 'opensimMot';
  const firstLine = (start.split(/\r?\n/, 1)[0] ?? '').toLowerCase();
  if (firstLine.includes(',') && firstLine.includes('spinebase_x')) return 'kinectV2Csv';
  if (!start.startsWith('{') && !start.startsWith('[')) return undefined;
  if (/"Steps"\s*:/.test(head)) return 'jointData';
  if (/"(joint_positions|k4abt_sdk_version|timestamp_usec)"\s*:/.test(head)) return 'azureKinect';
  if (/"(pose_world_landmarks|worldLandmarks|poseWorldLandmarks)"\s*:/.test(head)) return 'mediapipePose';
  if (/"SpineBase"\s*:/.test(head) && /"joints"\s*:/.test(head)) return 'kinectV2Json';
  return undefined;
}
