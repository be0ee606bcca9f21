import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { GAIT_ENGINE_VERSION, type GaitAnalysis, type GaitMetrics } from '#shared/gait/gaitResult';
import { parseJointData, type JointRecording } from '#shared/gait/jointDataFile';
import { readMetricsFile } from '#shared/gait/metricsFile';
import { plateEventFromRecord } from '#shared/gait/metricsPlateEvents';
import { walkWarnings } from '#shared/gait/walkWarnings';
import { metricsFromFile } from '#shared/gait/storedMetrics';
import type { SessionFileOrigin } from '#server/db/schema';

const NO_DATA = 'This session has no joint data or gait metrics file, so it has nothing to export.';

/** A sub-session's stored files as the metrics rule reads them: the metrics file read once (readStoredMetrics). */
export type SessionMetricsInput = {
  jointText: string | undefined;
  metricsFile: StoredMetricsFile | undefined;
  heightCm: number | null;
  /** The engine's per-bout analysis and events are needed (metrics.csv, cycles, events, C3D), not only the walk's. */
  needsBouts: boolean;
};

/**
 * A sub-session's gait metrics, one rule for every report and export: `metrics` is what the report, metrics.csv and
 * FHIR show, and `warnings` what the report tells about them (the recording's import, then the bouts'); `engine` the
 * engine's analysis of the joint data (bouts, events) when it was computed; `recording` the joint data. `jointsError`
 * says why the joint data could not be read, when it could not.
 */
export type SessionMetrics =
  | {
      ok: true;
      metrics: GaitAnalysis;
      warnings: string[];
      engine: GaitAnalysis | undefined;
      recording: JointRecording | undefined;
      jointsError: string | undefined;
    }
  | { ok: false; error: string };

const isText = (v: string | undefined): v is string => v !== undefined && v !== '';

const validHeight = (heightCm: number | null) =>
  heightCm !== null && heightCm > 30 && heightCm < 300 ? heightCm / 100 : undefined;

/** Speed per height from the patient's height when the file gives none (the engine's file is written without it). */
function withSpeedPerHeight(metrics: GaitMetrics, heightM: number | undefined): GaitMetrics {
  if (metrics.speedPerHeight !== null || heightM === undefined || !Number.isFinite(metrics.speed)) return metrics;
  return { ...metrics, speedPerHeight: metrics.speed / heightM };
}

/** The file's analysis with speed per height from the patient's height, where the file gives none. */
function withHeight(stored: StoredAnalysis, heightM: number | undefined): StoredAnalysis {
  const { analysis } = stored;
  if (analysis.status !== 'ok') return stored;
  return { ...stored, analysis: { ...analysis, session: withSpeedPerHeight(analysis.session, heightM) } };
}

/** A stored metrics file read: its whole-walk analysis, and the warnings it carries about the recording and its bouts. */
type StoredAnalysis = { analysis: GaitAnalysis; recordingWarnings: string[]; warnings: string[] };

/**
 * A sub-session's metrics file, parsed once where it is read and handed on as it is (to the analysis or export
 * worker too: it is plain data), with who made it.
 */
export type StoredMetricsFile = { origin: SessionFileOrigin; read: StoredAnalysis | { error: string } };

/** Reads a stored metrics file once, for metricsFileSuffices and sessionMetrics. */
export const readStoredMetrics = (file: { text: string; origin: SessionFileOrigin }): StoredMetricsFile => ({
  origin: file.origin,
  read: fileAnalysis(file.text),
});

/** A stored metrics file as an analysis with whole-walk metrics only; an error when it is unreadable. */
function fileAnalysis(text: string): StoredAnalysis | { error: string } {
  const read = readMetricsFile(text);
  if (!read.ok) return { error: `The gait metrics file cannot be read: ${read.error}` };
  const { file } = read;
  // A clinic's metrics file names no engine: its metrics are the clinic system's.
  const about =
    'Source' in file
      ? { engineVersion: 'clinic', method: "The clinic's own gait analysis system", bouts: [] }
      : {
          engineVersion: file.EngineVersion,
          method: file.Method,
          bouts: [],
          ...(file.PlateEvents === undefined ? {} : { plateEvents: file.PlateEvents.map(plateEventFromRecord) }),
        };
  const analysis: GaitAnalysis =
    file.Session === null
      ? { ...about, status: 'insufficient-data', reason: ('Reason' in file ? file.Reason : undefined) ?? NO_DATA }
      : { ...about, status: 'ok', session: metricsFromFile(file.Session) };
  // Where the joint data came from (pose from video) and why some measures are null lead what the report says.
  const provenance =
    'Source' in file ? [] : [file.Provenance && `Measured from ${file.Provenance}.`, file.NotMeasured].filter(isText);
  const recordingWarnings = 'Source' in file ? [] : [...provenance, ...(file.Warnings ?? [])];
  const boutWarnings = file.Bouts.flatMap((b) => (b.Status === 'ok' ? b.Warnings : []));
  return { analysis, recordingWarnings, warnings: [...new Set([...recordingWarnings, ...boutWarnings])] };
}

/**
 * Whether the metrics file alone gives the session's whole-walk metrics by sessionMetrics' rule (a user's, or the
 * running engine's), so that a caller needing no bouts can leave a large joint data file unread.
 */
export function metricsFileSuffices(file: StoredMetricsFile | undefined): boolean {
  if (file === undefined) return false;
  const stored = file.read;
  if ('error' in stored || stored.analysis.status !== 'ok') return false;
  return file.origin !== 'computed' || stored.analysis.engineVersion === GAIT_ENGINE_VERSION;
}

/**
 * The one rule for a session's gait metrics. Metrics a user supplied (an uploaded gait metrics file, or one made
 * from a clinic-format file) are the session's metrics wherever they appear: the portal never overwrites them with
 * its own. Otherwise the metrics are the gait engine's analysis of the session's joint data, with speed per height
 * from the patient's current height. The engine's metrics file, written from the same joint data when it was
 * stored, stands for that analysis only when the running engine version wrote it; joint data is analysed again when
 * the bouts are needed, when the file is older than the engine, or when there is none. Without joint data, a
 * stored metrics file is all there is.
 */
export function sessionMetrics(input: SessionMetricsInput): SessionMetrics {
  const heightM = validHeight(input.heightCm);
  const stored = input.metricsFile?.read;
  const readable = stored !== undefined && !('error' in stored) ? withHeight(stored, heightM) : undefined;
  const usable = readable?.analysis.status === 'ok' ? readable : undefined;
  const supplied = input.metricsFile !== undefined && input.metricsFile.origin !== 'computed' ? usable : undefined;
  const cached = usable?.analysis.engineVersion === GAIT_ENGINE_VERSION ? usable : undefined;

  let engine: GaitAnalysis | undefined;
  let recording: JointRecording | undefined;
  let jointsError: string | undefined;
  const analyseJoints = input.needsBouts || (supplied === undefined && cached === undefined);
  if (input.jointText !== undefined && analyseJoints) {
    const parsed = parseJointData(input.jointText);
    if (parsed.ok) {
      recording = parsed.recording;
      engine = computeGaitMetrics(recording, { heightM });
    } else {
      jointsError = `The joint data file cannot be read: ${parsed.error}`;
    }
  }
  const fromFile = supplied ?? (engine === undefined ? (cached ?? readable) : undefined);
  const metrics = fromFile?.analysis ?? engine;
  if (metrics === undefined) {
    const error = jointsError ?? (stored !== undefined && 'error' in stored ? stored.error : NO_DATA);
    return { ok: false, error };
  }
  // The engine's own file of this joint data keeps what the recording's import found, whichever engine wrote it.
  const imported = input.metricsFile?.origin === 'computed' ? (readable?.recordingWarnings ?? []) : [];
  const warnings = fromFile?.warnings ?? walkWarnings(imported, engine?.bouts ?? []);
  return { ok: true, metrics, warnings, engine, recording, jointsError };
}
