import { createWorkerQueue } from '#server/workers/singleWorkerQueue';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import type { AnalysisInput } from './analysisWorker.ts';

export type SessionAnalyser = {
  /**
   * What a text session file is and, with `derive`, what is stored with it; off the event loop, one file at a time.
   * The bytes are handed over to the worker: the caller must not use them afterwards.
   */
  analyse(bytes: Buffer, derive: boolean): Promise<SessionFileAnalysis>;
  close(): Promise<void>;
};

const tooLargeToAnalyse = (memoryMb: number): SessionFileAnalysis => ({
  ok: false,
  status: 413,
  error: `The file is too large to analyse: its recording does not fit in the ${String(memoryMb)} MiB the server sets aside for it.`,
});

/** The bytes as an ArrayBuffer of their own, so they move to the worker without a copy when they can. */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : new Uint8Array(bytes).buffer;
}

/**
 * Parsing a large joint data file and computing its metrics takes seconds and hundreds of MiB: on the event loop it
 * stalled every other request. The analyser runs it in one worker thread with its own heap limit (memoryMb), one
 * file at a time so that concurrent uploads do not add up. A file that does not fit is refused (413); the worker is
 * replaced and the server goes on.
 */
export function createSessionAnalyser(options: { memoryMb: number }): SessionAnalyser {
  const queue = createWorkerQueue<AnalysisInput, SessionFileAnalysis>({
    entry: new URL('./analysisWorker.ts', import.meta.url),
    memoryMb: options.memoryMb,
    name: 'analysis worker',
    outOfMemory: () => tooLargeToAnalyse(options.memoryMb),
  });
  return {
    analyse(bytes, derive) {
      const input: AnalysisInput = { bytes: ownBuffer(bytes), derive, now: new Date().toISOString() };
      return queue.run(input, [input.bytes]);
    },
    close: () => queue.close(),
  };
}
