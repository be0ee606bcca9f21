import { FORMAT_NAMES, IMPORT_FORMATS, type ImportFormat } from '../formats/importedRecording.ts';
import { recogniseFormat } from '../formats/recogniseFormat.ts';
import { METRICS_FORMAT } from '../gait/metricsFileSchema.ts';
import { decodeUtf8 } from '../utf8.ts';
import { looksLikeClinicFormat } from './clinicFormat.ts';
import { hasMp4Signature } from './mp4Structure.ts';

/** What every upload that is none of the session files hears, the recording formats named one by one. */
export const NOT_A_SESSION_FILE = `The file is not a session file: expected a recording (${IMPORT_FORMATS.filter(
  (format) => format !== 'opensimMot',
)
  .map((format) => FORMAT_NAMES[format])
  .join('; ')}), a gait metrics file (JSON), a clinic-format text file or an MP4 video.`;

/** How much of a file the sniffing reads: what recogniseFormat looks at, so both always agree. */
export const SNIFF_BYTES = 256 * 1024;

/** What a picked file is, judged by its first bytes as the server will judge the whole file. */
export type SniffedFile =
  | { kind: 'video' }
  | { kind: 'recording'; format: ImportFormat; name: string }
  | { kind: 'motion' }
  | { kind: 'gaitMetrics' }
  | { kind: 'clinicFormat' }
  | { kind: 'unknown' };

/**
 * The kind of session file a file's first bytes say it is, by the server's own rules (content, never the name): an
 * MP4's ftyp box, the clinic format's first line, a recording recogniseFormat knows (the joint data file, C3D, Azure
 * Kinect, Kinect v2, MediaPipe, OpenCap; an OpenSim motion file is told apart), or the gait metrics file's Format
 * or Session key. The server still checks the whole file; this only lets a dialog offer the right file type.
 */
export function sniffSessionFile(head: Uint8Array): SniffedFile {
  if (hasMp4Signature(head)) return { kind: 'video' };
  const text = decodeUtf8(head.subarray(0, 4096));
  if (looksLikeClinicFormat(text)) return { kind: 'clinicFormat' };
  const recognised = recogniseFormat(head);
  if (recognised.ok) {
    if (recognised.format === 'opensimMot') return { kind: 'motion' };
    return { kind: 'recording', format: recognised.format, name: FORMAT_NAMES[recognised.format] };
  }
  const start = decodeUtf8(head).trimStart();
  if (start.startsWith('{') && new RegExp(`"Format"\\s*:\\s*"${METRICS_FORMAT}"|"Session"\\s*:`).test(start))
    return { kind: 'gaitMetrics' };
  return { kind: 'unknown' };
}
