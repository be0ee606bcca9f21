import type { ReportSession } from '#shared/reports/reportModel';
import { createWorkerQueue } from '#server/workers/singleWorkerQueue';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import type { AnalysisAnswer, AnalysisTask } from './analysisWorker.ts';
import type { ReportAnalysisInput } from './reportAnalysis.ts';

export type SessionAnalyser = {
  /**
   * What a text session file is and, with `derive`, what is stored with it; off the event loop, one file at a time.
   * The bytes are handed over to the worker: the caller must not use them afterwards.
   */
  analyse(bytes: Buffer, derive: boolean): Promise<SessionFileAnalysis>;
  /** A report's analysis of a sub-session from its joint data; the joint bytes are handed over to the worker. */
  reportMetrics(input: ReportAnalysisInput): Promise<ReportSession['analysis']>;
  close(): Promise<void>;
};

const tooLarge = (memoryMb: number) =>
  `The file is too large to analyse: its recording does not fit in the ${String(memoryMb)} MiB the server sets aside for it.`;

function outOfMemory(task: AnalysisTask, memoryMb: number): AnalysisAnswer {
  return task.kind === 'sessionFile'
    ? { kind: task.kind, analysis: { ok: false, status: 413, error: tooLarge(memoryMb) } }
    : { kind: task.kind, analysis: { status: 'insufficient-data', reason: tooLarge(memoryMb) } };
}

/** The bytes as an ArrayBuffer of their own, so they move to the worker without a copy when they can. */
export function ownBuffer(bytes: Buffer): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : new Uint8Array(bytes).buffer;
}

/**
 * Parsing a large joint data file and computing its metrics takes seconds and hundreds of MiB: on the event loop it
 * stalled every other request (an upload, and every report after an engine release made the stored metrics old).
 * The analyser runs it in one worker thread with its own heap limit (memoryMb), one task at a time so that
 * concurrent uploads and reports do not add up. A file that does not fit is refused (413, or a report's column says
 * so); the worker is replaced and the server goes on.
 */
export function createSessionAnalyser(options: { memoryMb: number }): SessionAnalyser {
  const queue = createWorkerQueue<AnalysisTask, AnalysisAnswer>({
    entry: new URL('./analysisWorker.ts', import.meta.url),
    memoryMb: options.memoryMb,
    name: 'analysis worker',
    outOfMemory: (task) => outOfMemory(task, options.memoryMb),
  });
  return {
    async analyse(bytes, derive) {
      const task: AnalysisTask = {
        kind: 'sessionFile',
        bytes: ownBuffer(bytes),
        derive,
        now: new Date().toISOString(),
      };
      const answer = await queue.run(task, [task.bytes]);
      if (answer.kind !== 'sessionFile') throw new Error('The analysis worker answered another task');
      return answer.analysis;
    },
    async reportMetrics(input) {
      const answer = await queue.run({ kind: 'reportMetrics', input }, input.jointBytes ? [input.jointBytes] : []);
      if (answer.kind !== 'reportMetrics') throw new Error('The analysis worker answered another task');
      return answer.analysis;
    },
    close: () => queue.close(),
  };
}
