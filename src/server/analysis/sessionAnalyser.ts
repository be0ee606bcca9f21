import { Worker } from 'node:worker_threads';
import type { SessionFileAnalysis } from './analyseSessionFile.ts';
import type { AnalysisRequest } from './analysisWorker.ts';

export type SessionAnalyser = {
  /**
   * What a text session file is and, with `derive`, what is stored with it; off the event loop, one file at a time.
   * The bytes are handed over to the worker: the caller must not use them afterwards.
   */
  analyse(bytes: Buffer, derive: boolean): Promise<SessionFileAnalysis>;
  close(): Promise<void>;
};

type Task = {
  bytes: Buffer;
  derive: boolean;
  resolve: (result: SessionFileAnalysis) => void;
  reject: (e: Error) => void;
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
  const queue: Task[] = [];
  let current: Task | undefined;
  let worker: Worker | undefined;
  let nextId = 1;

  const spawn = (): Worker => {
    // The server runs its TypeScript through tsx; a worker thread registers tsx itself before loading its module.
    const entry = new URL('./analysisWorker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    const started = new Worker(boot, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    started.unref();
    // Events of a worker already replaced (after an error, or at close) settle nothing.
    started.on('message', (message: { result: SessionFileAnalysis }) => {
      if (worker === started) finish((task) => task.resolve(message.result));
    });
    started.on('error', (error: Error & { code?: string }) => {
      if (worker !== started) return;
      worker = undefined;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish((task) => (outOfMemory ? task.resolve(tooLargeToAnalyse(options.memoryMb)) : task.reject(error)));
    });
    started.on('exit', () => {
      if (worker !== started) return;
      worker = undefined;
      finish((task) => task.reject(new Error('The analysis worker stopped')));
    });
    return started;
  };

  const finish = (settle: (task: Task) => void) => {
    const task = current;
    current = undefined;
    if (task !== undefined) settle(task);
    run();
  };

  const run = () => {
    if (current !== undefined) return;
    current = queue.shift();
    if (current === undefined) return;
    worker ??= spawn();
    const request: AnalysisRequest = {
      id: nextId++,
      bytes: ownBuffer(current.bytes),
      derive: current.derive,
      now: new Date().toISOString(),
    };
    worker.postMessage(request, [request.bytes]);
  };

  return {
    analyse(bytes, derive) {
      return new Promise((resolve, reject) => {
        queue.push({ bytes, derive, resolve, reject });
        run();
      });
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
