import { parseJointData, type JointRecording } from '../gait/jointDataFile.ts';
import { checkMetricsFile } from '../gait/metricsFile.ts';
import { METRICS_FORMAT } from '../gait/metricsFileSchema.ts';
import { NOT_A_SESSION_FILE } from './sniffSessionFile.ts';
import { looksLikeClinicFormat, parseClinicFormat, type ClinicFormatDocument } from './clinicFormat.ts';

/**
 * What a text upload holds, decided by its content alone (docs/design.md Security: allow-list by content, not by name).
 * 415: not a kind of session file at all; 400: the right kind of file, but damaged, with the reason.
 */
export type SessionTextContent =
  | { ok: true; kind: 'jointData'; recording: JointRecording }
  | { ok: true; kind: 'gaitMetrics' }
  | { ok: true; kind: 'clinicFormat'; document: ClinicFormatDocument }
  | { ok: false; status: 400 | 415; error: string };

/**
 * Whether parsed JSON claims to be a gait metrics file, so that a damaged one is refused with the reason (400)
 * rather than as not a session file (415): its Format says so, or it has the metrics file's Session part.
 */
const looksLikeGaitMetrics = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  ('Session' in value || ('Format' in value && value.Format === METRICS_FORMAT));

export function classifySessionText(text: string): SessionTextContent {
  const body = text.replace(/^\uFEFF/, '');
  if (looksLikeClinicFormat(body)) {
    const parsed = parseClinicFormat(body);
    return parsed.ok
      ? { ok: true, kind: 'clinicFormat', document: parsed.document }
      : { ok: false, status: 400, error: parsed.error };
  }
  if (!body.trimStart().startsWith('{')) return { ok: false, status: 415, error: NOT_A_SESSION_FILE };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, status: 400, error: 'The file is not valid JSON (it may be cut off or damaged).' };
  }
  if (typeof value === 'object' && value !== null && 'Steps' in value) {
    const joints = parseJointData(body);
    return joints.ok
      ? { ok: true, kind: 'jointData', recording: joints.recording }
      : { ok: false, status: 400, error: joints.error };
  }
  if (looksLikeGaitMetrics(value)) {
    const check = checkMetricsFile(value);
    return check.ok ? { ok: true, kind: 'gaitMetrics' } : { ok: false, status: 400, error: check.error };
  }
  return { ok: false, status: 415, error: NOT_A_SESSION_FILE };
}
