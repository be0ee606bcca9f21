import { Worker } from 'node:worker_threads';
import type { ExportJob, ExportJobResult } from './exportJob.ts';
import type { ExportRequest } from './exportWorker.ts';

export type ExportRunner = { run(job: ExportJob): Promise<ExportJobResult>; close(): Promise<void> };

type Task = { job: ExportJob; resolve: (result: ExportJobResult) => void; reject: (error: Error) => void };
type Answer = { id: number; result?: ExportJobResult; error?: string };

/**
 * Analysing a recording and writing its C3D takes the better part of a second for a two-minute walk: on the event
 * loop it would stall every other request, and a zip of many sessions for seconds. Exports run in one worker thread
 * with its own heap limit, one sub-session at a time; a worker that fails is replaced and the server goes on.
 */
export function createExportRunner(options: { memoryMb: number }): ExportRunner {
  const queue: Task[] = [];
  let current: Task | undefined;
  let worker: Worker | undefined;
  let nextId = 1;

  const spawn = (): Worker => {
    // The server runs its TypeScript through tsx; a worker thread registers tsx itself before loading its module.
    const entry = new URL('./exportWorker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    const started = new Worker(boot, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    started.unref();
    started.on('message', (answer: Answer) => {
      if (worker !== started) return;
      finish((task) =>
        answer.result === undefined
          ? task.reject(new Error(answer.error ?? 'Export failed'))
          : task.resolve(answer.result),
      );
    });
    const lost = (error: Error) => {
      if (worker !== started) return;
      worker = undefined;
      finish((task) => task.reject(error));
    };
    started.on('error', lost);
    started.on('exit', () => lost(new Error('The export worker stopped')));
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
    const request: ExportRequest = { id: nextId++, job: current.job };
    worker.postMessage(request);
  };

  return {
    run(job) {
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
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
