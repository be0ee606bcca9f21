import { convertRecording } from '#shared/formats/convertRecording';
import { parseOpenSimMot } from '#shared/formats/opensimMot';
import type { OriginalFormat } from '#shared/formats/originalMedia';
import { recogniseFormat } from '#shared/formats/recogniseFormat';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData, serializeJointData, type JointRecording } from '#shared/gait/jointDataFile';
import { looksLikeClinicFormat, type ClinicFormatDocument } from '#shared/sessions/clinicFormat';
import { decodeUtf8 } from '#shared/utf8';
import { classifySessionText } from '#shared/sessions/sessionFileContent';
import { NOT_A_SESSION_FILE } from '#shared/sessions/sniffSessionFile';
import { clinicMetricsFileText, engineMetricsFileText } from '#shared/sessions/storedMetricsFile';

/** What a converted clinic-format file becomes in the main storage format (it holds joint data or metrics). */
export type ClinicConversion =
  | { kind: 'gaitMetrics'; metricsText: string }
  | { kind: 'jointData'; jointDataText: string; metricsText: string | undefined };

/** What a text session file is, and the files made from it: computed metrics, a clinic or recording conversion. */
export type SessionFileAnalysis =
  | { ok: false; status: 400 | 413 | 415 | 422; error: string }
  | { ok: true; kind: 'gaitMetrics' }
  | { ok: true; kind: 'jointData'; metricsText: string | undefined }
  | { ok: true; kind: 'clinicFormat'; conversion: ClinicConversion }
  | { ok: true; kind: 'motion' }
  | { ok: true; kind: 'recording'; format: OriginalFormat; conversion: RecordingConversion };

/** A recording in another format than the joint data file, as the session stores it: converted, with its metrics. */
export type RecordingConversion = { jointDataText: string; metricsText: string | undefined; warnings: string[] };

/**
 * The metrics file the gait engine computes from a recording, carrying what its import found (warnings); undefined
 * when the walk cannot be analysed.
 */
const metricsOf = (recording: JointRecording, now: Date, warnings: readonly string[] = []) =>
  engineMetricsFileText(computeGaitMetrics(recording), now, warnings);

function convertClinicFile(document: ClinicFormatDocument, now: Date): ClinicConversion | SessionFileAnalysis {
  const { data } = document;
  if (data.kind === 'gaitMetrics')
    return { kind: 'gaitMetrics', metricsText: clinicMetricsFileText(data.metrics, now) };
  const jointDataText = serializeJointData(data.recording);
  // The same rules as an uploaded joint data file (frame rate, coordinate range), so both kinds of file play alike.
  const checked = parseJointData(jointDataText);
  if (!checked.ok) return { ok: false, status: 400, error: `Clinic-format file: ${checked.error}` };
  return { kind: 'jointData', jointDataText, metricsText: metricsOf(checked.recording, now) };
}

/**
 * A recording of another format (C3D, Azure Kinect, Kinect v2, MediaPipe, OpenCap), converted in full: only the
 * importer can tell a damaged file (400, with its message) from a good one, and the session keeps what it made. An OpenSim
 * motion file holds joint angles, no positions: it is read in full to prove it is one, and the caller decides
 * whether it has the OpenCap TRC it belongs beside.
 */
function analyseRecording(bytes: Uint8Array, format: OriginalFormat | 'opensimMot', now: Date) {
  if (format === 'opensimMot') {
    const motion = parseOpenSimMot(decodeUtf8(bytes));
    return motion.ok
      ? ({ ok: true, kind: 'motion' } as const)
      : ({ ok: false, status: 400, error: motion.error } as const);
  }
  const converted = convertRecording(bytes);
  if (!converted.ok) return { ok: false, status: 400, error: converted.error } as const;
  const { jointDataText, recording, warnings } = converted.converted;
  const conversion = { jointDataText, metricsText: metricsOf(recording, now, warnings), warnings };
  return { ok: true, kind: 'recording', format, conversion } as const;
}

/**
 * Decides what a session file other than a video is by its content, and computes what is stored with it, once: an
 * upload is analysed when it arrives and what this finds is kept with it (docs/design.md, Pipelines). Pure and synchronous: it runs in the analysis worker (src/server/analysis/analysisWorker.ts), off the
 * event loop.
 */
export function analyseSessionFile(bytes: Uint8Array, now: Date): SessionFileAnalysis {
  const recognised = recogniseFormat(bytes);
  // The clinic format's first line decides first, as in sniffSessionFile, so that both always agree.
  if (
    recognised.ok &&
    recognised.format !== 'jointData' &&
    !looksLikeClinicFormat(decodeUtf8(bytes.subarray(0, 4096)))
  ) {
    return analyseRecording(bytes, recognised.format, now);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 415, error: NOT_A_SESSION_FILE };
  }
  const content = classifySessionText(text);
  if (!content.ok) return content;
  switch (content.kind) {
    case 'gaitMetrics':
      return { ok: true, kind: 'gaitMetrics' };
    case 'jointData':
      return { ok: true, kind: 'jointData', metricsText: metricsOf(content.recording, now) };
    case 'clinicFormat': {
      const conversion = convertClinicFile(content.document, now);
      return 'ok' in conversion ? conversion : { ok: true, kind: 'clinicFormat', conversion };
    }
  }
}
