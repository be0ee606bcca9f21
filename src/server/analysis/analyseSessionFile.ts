import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData, serializeJointData, type JointRecording } from '#shared/gait/jointDataFile';
import type { ClinicFormatDocument } from '#shared/sessions/clinicFormat';
import { classifySessionText } from '#shared/sessions/sessionFileContent';
import { clinicMetricsFileText, engineMetricsFileText } from '#shared/sessions/storedMetricsFile';

/** What a converted clinic-format file becomes in the main storage format (it holds joint data or metrics). */
export type ClinicConversion =
  | { kind: 'gaitMetrics'; metricsText: string }
  | { kind: 'jointData'; jointDataText: string; metricsText: string | undefined };

/** What a text session file is, and with `derive`, the files made from it: computed metrics, a clinic conversion. */
export type SessionFileAnalysis =
  | { ok: false; status: 400 | 413 | 415; error: string }
  | { ok: true; kind: 'gaitMetrics' }
  | { ok: true; kind: 'jointData'; metricsText: string | undefined }
  | { ok: true; kind: 'clinicFormat'; conversion: ClinicConversion | undefined };

export const NOT_TEXT = 'The file is neither an MP4 video nor UTF-8 text, so it is not a session file.';

/** The metrics file the gait engine computes from a recording; undefined when the walk cannot be analysed. */
const metricsOf = (recording: JointRecording, now: Date) => engineMetricsFileText(computeGaitMetrics(recording), now);

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
 * Decides what a text session file is by its content, and with `derive` also computes what is stored with it. Pure
 * and synchronous: it runs in the analysis worker (src/server/analysis/analysisWorker.ts), off the event loop.
 */
export function analyseSessionFile(bytes: Uint8Array, derive: boolean, now: Date): SessionFileAnalysis {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 415, error: NOT_TEXT };
  }
  const content = classifySessionText(text);
  if (!content.ok) return content;
  switch (content.kind) {
    case 'gaitMetrics':
      return { ok: true, kind: 'gaitMetrics' };
    case 'jointData':
      return { ok: true, kind: 'jointData', metricsText: derive ? metricsOf(content.recording, now) : undefined };
    case 'clinicFormat': {
      if (!derive) return { ok: true, kind: 'clinicFormat', conversion: undefined };
      const conversion = convertClinicFile(content.document, now);
      return 'ok' in conversion ? conversion : { ok: true, kind: 'clinicFormat', conversion };
    }
  }
}
