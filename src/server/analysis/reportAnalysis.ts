import type { ReportSession } from '#shared/reports/reportModel';
import { sessionMetrics, type StoredMetricsFile } from './sessionMetrics.ts';

/** A sub-session's stored files as a report reads them: its metrics file, read once, its joint data's bytes if needed. */
export type ReportAnalysisInput = {
  metricsFile: StoredMetricsFile | undefined;
  /** The joint data file, read only when the metrics file cannot stand for the engine's analysis of it. */
  jointBytes: ArrayBuffer | undefined;
  /** The sub-session has a joint data file (read or not), for the message when there is nothing to report. */
  hasJointData: boolean;
  heightCm: number | null;
};

/**
 * A report's analysis of one sub-session by the one rule the exports follow too (sessionMetrics): only the whole
 * walk's metrics are shown. With joint bytes it parses and analyses the recording, so it runs in the analysis
 * worker (sessionAnalyser.ts); with a metrics file alone it reads a small JSON file.
 */
export function reportAnalysis(input: ReportAnalysisInput): ReportSession['analysis'] {
  const metrics = sessionMetrics({
    metricsFile: input.metricsFile,
    jointText: input.jointBytes === undefined ? undefined : Buffer.from(input.jointBytes).toString('utf8'),
    heightCm: input.heightCm,
    needsBouts: false,
  });
  if (!metrics.ok) {
    return {
      status: 'insufficient-data',
      reason:
        input.hasJointData || input.metricsFile !== undefined
          ? metrics.error
          : 'This session has no joint data or gait metrics file.',
    };
  }
  const { plateEvents } = metrics.metrics;
  return metrics.metrics.status === 'ok'
    ? {
        status: 'ok',
        metrics: metrics.metrics.session,
        warnings: metrics.warnings,
        ...(plateEvents === undefined ? {} : { plateEvents }),
      }
    : { status: 'insufficient-data', reason: metrics.metrics.reason };
}
