import type { ReportSession } from '#shared/reports/reportModel';
import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import { analyseSessionFile } from './analyseSessionFile.ts';
import { reportAnalysis, type ReportAnalysisInput } from './reportAnalysis.ts';

/**
 * The worker's tasks: a session file to analyse, sent as transferred bytes (no copy), or a report's sub-session whose
 * metrics must be computed again from its joint data (no metrics file, or one an older engine wrote).
 */
export type AnalysisTask =
  | { kind: 'sessionFile'; bytes: ArrayBuffer; derive: boolean; now: string }
  | { kind: 'reportMetrics'; input: ReportAnalysisInput };
export type AnalysisAnswer =
  | { kind: 'sessionFile'; analysis: SessionFileAnalysis }
  | { kind: 'reportMetrics'; analysis: ReportSession['analysis'] };

serveWorkerTasks<AnalysisTask, AnalysisAnswer>((task) =>
  task.kind === 'sessionFile'
    ? { kind: task.kind, analysis: analyseSessionFile(new Uint8Array(task.bytes), task.derive, new Date(task.now)) }
    : { kind: task.kind, analysis: reportAnalysis(task.input) },
);
