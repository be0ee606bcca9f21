import { readFileSync } from 'node:fs';
import type { ReportSession } from '#shared/reports/reportModel';
import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import { analyseSessionFile } from './analyseSessionFile.ts';
import { reportAnalysis, type ReportAnalysisInput } from './reportAnalysis.ts';

/**
 * The worker's tasks: a session file to analyse, by its path on this server's disk (the worker reads it itself, so
 * a file waiting for its turn costs the server nothing but its name; `size` sets the task's time budget), or a
 * report's sub-session whose metrics must be computed again from its joint data (no metrics file, or one an older
 * engine wrote), its bytes transferred.
 */
export type AnalysisTask =
  | { kind: 'sessionFile'; path: string; size: number; now: string }
  | { kind: 'reportMetrics'; input: ReportAnalysisInput };
export type AnalysisAnswer =
  | { kind: 'sessionFile'; analysis: SessionFileAnalysis }
  | { kind: 'reportMetrics'; analysis: ReportSession['analysis'] };

serveWorkerTasks<AnalysisTask, AnalysisAnswer>((task) =>
  task.kind === 'sessionFile'
    ? { kind: task.kind, analysis: analyseSessionFile(readFileSync(task.path), new Date(task.now)) }
    : { kind: task.kind, analysis: reportAnalysis(task.input) },
);
