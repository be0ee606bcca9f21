import type { SessionExportKind } from '#shared/api/exportCalls';
import type { GaitMetrics } from '#shared/gait/gaitResult';
import { sessionMetrics, type SessionMetricsInput } from '#server/analysis/sessionMetrics';
import type { ExportSubject } from './exportSubject.ts';
import { sessionExportFile, type ExportFile } from './sessionExportFile.ts';

/** One sub-session's exports to make: its stored files as text and the kinds asked for. */
export type ExportJob = {
  subject: ExportSubject;
  kinds: readonly SessionExportKind[];
  /** Only whole-walk metrics are needed (FHIR): the engine's current metrics file spares analysing the joint data. */
  wholeWalkOnly: boolean;
  jointText: string | undefined;
  metricsFile: SessionMetricsInput['metricsFile'];
};

/**
 * The files asked for, in the order asked, and the whole-walk metrics for FHIR (null when there are none); `error`
 * when the sub-session could not be analysed at all (its recording did not fit the worker's memory).
 */
export type ExportJobResult = { files: ExportFile[]; metrics: GaitMetrics | null; method: string; error?: string };

/**
 * Analyses a sub-session and writes its exports. Pure and synchronous: it runs in the export worker, off the event
 * loop (the engine takes about half a second for a two-minute walk).
 */
export function runExportJob(job: ExportJob): ExportJobResult {
  const source = sessionMetrics({
    jointText: job.jointText,
    metricsFile: job.metricsFile,
    heightCm: job.subject.heightCm > 0 ? job.subject.heightCm : null,
    needsBouts: !job.wholeWalkOnly,
  });
  return {
    files: job.kinds.map((kind) => sessionExportFile(job.subject, source, kind)),
    metrics: source.ok && source.metrics.status === 'ok' ? source.metrics.session : null,
    method: source.ok ? source.metrics.method : '',
  };
}
