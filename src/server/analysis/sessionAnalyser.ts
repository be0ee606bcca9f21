import type { ReportSession } from '#shared/reports/reportModel';
import { createWorkerQueue } from '#server/workers/singleWorkerQueue';
import type { AnalysisBudget } from '#server/config';
import type { FileStorage } from '#server/storage/fileStorage';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import type { AnalysisAnswer, AnalysisTask } from './analysisWorker.ts';
import { onLocalDisk } from './onLocalDisk.ts';
import type { ReportAnalysisInput } from './reportAnalysis.ts';

export type SessionAnalyser = {
  /**
   * What a stored text session file is and what is stored with it; off the event loop, one file at a time, within
   * the time budget its size gives.
   */
  analyse(file: { key: string; size: number }): Promise<SessionFileAnalysis>;
  /** A report's analysis of a sub-session from its joint data; the joint bytes are handed over to the worker. */
  reportMetrics(input: ReportAnalysisInput): Promise<ReportSession['analysis']>;
  close(): Promise<void>;
};

const tooLarge = (memoryMb: number) =>
  `The file is too large to analyse: its recording does not fit in the ${String(memoryMb)} MiB the server sets aside for it.`;
const tooSlow = (seconds: number) =>
  `The file could not be analysed in the ${seconds.toFixed(1)} s the server gives a file of its size; it may be damaged.`;

/** The same refusal for either kind of task: an upload's answer (413/422, nothing stored) or a report's column. */
function refusal(task: AnalysisTask, status: 413 | 422, error: string): AnalysisAnswer {
  return task.kind === 'sessionFile'
    ? {
        kind: task.kind,
        analysis: { ok: false, status, error: status === 422 ? `${error} Nothing was stored.` : error },
      }
    : { kind: task.kind, analysis: { status: 'insufficient-data', reason: error } };
}

/** The bytes as an ArrayBuffer of their own, so they move to the worker without a copy when they can. */
export function ownBuffer(bytes: Buffer): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : new Uint8Array(bytes).buffer;
}

const taskBytes = (task: AnalysisTask) =>
  task.kind === 'sessionFile' ? task.size : (task.input.jointBytes?.byteLength ?? 0);

/**
 * Parsing a large joint data file and computing its metrics takes seconds and hundreds of MiB: on the event loop it
 * stalled every other request (an upload, and every report after an engine release made the stored metrics old).
 * The analyser runs it in one worker thread with its own heap limit (memoryMb), one task at a time so that
 * concurrent uploads and reports do not add up, and the worker reads an upload from disk itself, so a file waiting
 * for its turn is not held in the server's memory. A task that does not fit is refused (413), one that overruns its
 * time budget too (422); either way the worker is replaced and the next task goes on. One worker with a budget
 * rather than a pool: a pool would multiply the memory set aside, while the budget bounds how long any one file can
 * hold the next back, and the readers' checks of declared sizes keep a small file quick.
 */
export function createSessionAnalyser(options: {
  memoryMb: number;
  budget: AnalysisBudget;
  storage: FileStorage;
}): SessionAnalyser {
  const budgetMs = (size: number) => options.budget.floorMs + (options.budget.msPerMib * size) / 2 ** 20;
  const queue = createWorkerQueue<AnalysisTask, AnalysisAnswer>({
    entry: new URL('./analysisWorker.ts', import.meta.url),
    memoryMb: options.memoryMb,
    name: 'analysis worker',
    outOfMemory: (task) => refusal(task, 413, tooLarge(options.memoryMb)),
    timeBudget: {
      ms: (task) => budgetMs(taskBytes(task)),
      overrun: (task) => refusal(task, 422, tooSlow(budgetMs(taskBytes(task)) / 1000)),
    },
  });
  return {
    analyse: ({ key, size }) =>
      onLocalDisk(options.storage, key, async (path) => {
        const answer = await queue.run({ kind: 'sessionFile', path, size, now: new Date().toISOString() });
        if (answer.kind !== 'sessionFile') throw new Error('The analysis worker answered another task');
        return answer.analysis;
      }),
    async reportMetrics(input) {
      const answer = await queue.run({ kind: 'reportMetrics', input }, input.jointBytes ? [input.jointBytes] : []);
      if (answer.kind !== 'reportMetrics') throw new Error('The analysis worker answered another task');
      return answer.analysis;
    },
    close: () => queue.close(),
  };
}
