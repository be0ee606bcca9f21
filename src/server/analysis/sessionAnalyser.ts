import { createWorkerQueue } from '#server/workers/singleWorkerQueue';
import type { AnalysisBudget } from '#server/config';
import type { FileStorage } from '#server/storage/fileStorage';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import type { AnalysisInput } from './analysisWorker.ts';
import { onLocalDisk } from './onLocalDisk.ts';

export type SessionAnalyser = {
  /**
   * What a stored text session file is and, with `derive`, what is stored with it; off the event loop, one file at
   * a time, within the time budget its size gives.
   */
  analyse(file: { key: string; size: number }, derive: boolean): Promise<SessionFileAnalysis>;
  close(): Promise<void>;
};

const tooLargeToAnalyse = (memoryMb: number): SessionFileAnalysis => ({
  ok: false,
  status: 413,
  error: `The file is too large to analyse: its recording does not fit in the ${String(memoryMb)} MiB the server sets aside for it.`,
});

const tooSlowToAnalyse = (seconds: number): SessionFileAnalysis => ({
  ok: false,
  status: 422,
  error: `The file could not be analysed in the ${seconds.toFixed(1)} s the server gives a file of its size; it may be damaged. Nothing was stored.`,
});

/**
 * Parsing a large joint data file and computing its metrics takes seconds and hundreds of MiB: on the event loop it
 * stalled every other request. The analyser runs it in one worker thread with its own heap limit (memoryMb), one
 * file at a time so that concurrent uploads do not add up, and the worker reads each file from disk itself, so a
 * file waiting for its turn is not held in the server's memory. A file that does not fit is refused (413), one that
 * overruns its time budget too (422); either way the worker is replaced and the next file goes on. One worker with
 * a budget rather than a pool: a pool would multiply the memory set aside, while the budget bounds how long any one
 * file can hold the next back, and the readers' checks of declared sizes keep a small file quick.
 */
export function createSessionAnalyser(options: {
  memoryMb: number;
  budget: AnalysisBudget;
  storage: FileStorage;
}): SessionAnalyser {
  const budgetMs = (size: number) => options.budget.floorMs + (options.budget.msPerMib * size) / 2 ** 20;
  const queue = createWorkerQueue<AnalysisInput, SessionFileAnalysis>({
    entry: new URL('./analysisWorker.ts', import.meta.url),
    memoryMb: options.memoryMb,
    name: 'analysis worker',
    outOfMemory: () => tooLargeToAnalyse(options.memoryMb),
    timeBudget: { ms: ({ size }) => budgetMs(size), overrun: ({ size }) => tooSlowToAnalyse(budgetMs(size) / 1000) },
  });
  return {
    analyse: ({ key, size }, derive) =>
      onLocalDisk(options.storage, key, (path) => queue.run({ path, size, derive, now: new Date().toISOString() })),
    close: () => queue.close(),
  };
}
