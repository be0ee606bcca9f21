import type { SessionExportKind } from '#shared/api/exportCalls';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import type { GaitAnalysis, GaitMetrics } from '#shared/gait/gaitResult';
import { parseJointData } from '#shared/gait/jointDataFile';
import { readMetricsFile } from '#shared/gait/metricsFile';
import { metricsFromFile } from '#server/reports/storedMetrics';
import type { ExportSubject } from './exportSources.ts';
import { sessionExportFile, type ExportFile, type ExportSource } from './sessionExportFile.ts';

export const NO_DATA = 'This session has no joint data or gait metrics file, so it has nothing to export.';

/** One sub-session's exports to make: its stored files as text and the kinds asked for. */
export type ExportJob = {
  subject: ExportSubject;
  kinds: readonly SessionExportKind[];
  /** Only whole-walk metrics are needed (FHIR): a stored metrics file is read before any joint data. */
  wholeWalkOnly: boolean;
  jointText: string | undefined;
  metricsText: string | undefined;
};

/** The files asked for, in the order asked, and the whole-walk metrics for FHIR (null when there are none). */
export type ExportJobResult = { files: ExportFile[]; metrics: GaitMetrics | null; method: string };

/**
 * Analyses a sub-session and writes its exports. Pure and synchronous: it runs in the export worker, off the event
 * loop (the engine takes about half a second for a two-minute walk).
 */
export function runExportJob(job: ExportJob): ExportJobResult {
  const source = exportSource(job);
  return {
    files: job.kinds.map((kind) => sessionExportFile(job.subject, source, kind)),
    metrics: source.ok && source.analysis.status === 'ok' ? source.analysis.session : null,
    method: source.ok ? source.analysis.method : '',
  };
}

/**
 * The engine's analysis of a sub-session: computed from its joint data when it has some (the events, cycles and C3D
 * need them), otherwise its stored gait metrics file's whole-walk metrics (enough for metrics.csv and FHIR). With
 * `wholeWalkOnly` (FHIR) a stored metrics file comes first: the engine wrote it from the same joint data on upload,
 * and reading it spares analysing every session of a patient again.
 */
function exportSource(job: ExportJob): ExportSource {
  const { jointText, metricsText } = job;
  if (metricsText !== undefined && (job.wholeWalkOnly || jointText === undefined)) {
    const stored = storedAnalysis(metricsText);
    if (stored.ok || jointText === undefined) return stored;
  }
  if (jointText === undefined) return { ok: false, error: NO_DATA };
  const parsed = parseJointData(jointText);
  if (!parsed.ok) return { ok: false, error: `The joint data file cannot be read: ${parsed.error}` };
  const heightM = job.subject.heightCm > 0 ? job.subject.heightCm / 100 : undefined;
  return { ok: true, analysis: computeGaitMetrics(parsed.recording, { heightM }), recording: parsed.recording };
}

function storedAnalysis(text: string): ExportSource {
  const read = readMetricsFile(text);
  if (!read.ok) return { ok: false, error: `The gait metrics file cannot be read: ${read.error}` };
  const { file } = read;
  // A clinic's metrics file names no engine: its metrics are the clinic system's.
  const about =
    'Source' in file
      ? { engineVersion: 'clinic', method: "The clinic's own gait analysis system", bouts: [] }
      : { engineVersion: file.EngineVersion, method: file.Method, bouts: [] };
  const analysis: GaitAnalysis =
    file.Session === null
      ? { ...about, status: 'insufficient-data', reason: ('Reason' in file ? file.Reason : undefined) ?? NO_DATA }
      : { ...about, status: 'ok', session: metricsFromFile(file.Session) };
  return { ok: true, analysis, recording: undefined };
}
