import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import { analyseSessionFile } from './analyseSessionFile.ts';

/** One session file to analyse, sent as transferred bytes (no copy). */
export type AnalysisInput = { bytes: ArrayBuffer; derive: boolean; now: string };

serveWorkerTasks<AnalysisInput, SessionFileAnalysis>((input) =>
  analyseSessionFile(new Uint8Array(input.bytes), input.derive, new Date(input.now)),
);
