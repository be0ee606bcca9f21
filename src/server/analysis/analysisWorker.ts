import { readFileSync } from 'node:fs';
import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import { analyseSessionFile } from './analyseSessionFile.ts';

/**
 * One session file to analyse, by its path on this server's disk: the worker reads it itself, so a file waiting
 * for its turn costs the server nothing but its name. `size` sets the task's time budget.
 */
export type AnalysisInput = { path: string; size: number; derive: boolean; now: string };

serveWorkerTasks<AnalysisInput, SessionFileAnalysis>((input) =>
  analyseSessionFile(readFileSync(input.path), input.derive, new Date(input.now)),
);
