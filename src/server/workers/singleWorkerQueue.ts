import { Worker } from 'node:worker_threads';
import type { WorkerAnswer, WorkerMessage, WorkerReady } from './serveWorkerTasks.ts';

export type WorkerQueue<In, Out> = {
  /**
   * Runs one task in the worker once those before it are done. Buffers listed in `transfer` move to the worker
   * without a copy: the caller must not use them afterwards.
   */
  run(input: In, transfer?: readonly ArrayBuffer[]): Promise<Out>;
  close(): Promise<void>;
};

export type WorkerQueueOptions<In, Out> = {
  /** The worker's module: it answers each task through serveWorkerTasks. */
  entry: URL;
  /** The worker's heap (V8 old generation), so that one task cannot take the server's memory. */
  memoryMb: number;
  /** How the worker is named when it fails, e.g. 'export worker'. */
  name: string;
  /**
   * What a task answers when the worker runs out of its heap (ERR_WORKER_OUT_OF_MEMORY). The worker is replaced and
   * the next task runs in a fresh one.
   */
  outOfMemory: (input: In) => Out;
  /**
   * How long a task may run (from when the worker has it and its modules are loaded), and what it answers when it
   * runs longer: the worker is stopped and replaced, and the next task runs in a fresh one. Without it a task may
   * run as long as it takes.
   */
  timeBudget?: { ms: (input: In) => number; overrun: (input: In) => Out };
};

type Task<In, Out> = {
  input: In;
  transfer: readonly ArrayBuffer[];
  resolve: (result: Out) => void;
  reject: (error: Error) => void;
};

/**
 * One worker thread that runs tasks one at a time, in order, with its own heap limit: CPU-heavy work (parsing a
 * large recording, analysing a walk, writing a C3D) leaves the event loop free, and tasks sent at once do not add
 * up in memory. A worker that fails (out of memory, a crash) or overruns its task's time budget is replaced, and the
 * tasks behind it go on.
 */
export function createWorkerQueue<In, Out>(options: WorkerQueueOptions<In, Out>): WorkerQueue<In, Out> {
  const queue: Task<In, Out>[] = [];
  let current: Task<In, Out> | undefined;
  let worker: Worker | undefined;
  let ready = false;
  let budget: NodeJS.Timeout | undefined;
  let nextId = 1;

  const startBudget = () => {
    const task = current;
    const limit = options.timeBudget;
    if (task === undefined || limit === undefined || !ready) return;
    budget = setTimeout(() => {
      const stuck = worker;
      worker = undefined;
      void stuck?.terminate();
      finish((t) => t.resolve(limit.overrun(t.input)));
    }, limit.ms(task.input));
    budget.unref();
  };

  const spawn = (): Worker => {
    // The server runs its TypeScript through tsx; a worker thread registers tsx itself before loading its module.
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(options.entry.href)}); });`;
    const started = new Worker(boot, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    started.unref();
    ready = false;
    // Events of a worker already replaced (after an error, an overrun, or at close) settle nothing.
    started.on('message', (answer: WorkerAnswer<Out> | WorkerReady) => {
      if (worker !== started) return;
      if ('ready' in answer) {
        ready = true;
        startBudget();
        return;
      }
      finish((task) => ('error' in answer ? task.reject(new Error(answer.error)) : task.resolve(answer.result)));
    });
    started.on('error', (error: Error & { code?: string }) => {
      if (worker !== started) return;
      worker = undefined;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish((task) => (outOfMemory ? task.resolve(options.outOfMemory(task.input)) : task.reject(error)));
    });
    started.on('exit', () => {
      if (worker !== started) return;
      worker = undefined;
      finish((task) => task.reject(new Error(`The ${options.name} stopped`)));
    });
    return started;
  };

  const finish = (settle: (task: Task<In, Out>) => void) => {
    clearTimeout(budget);
    budget = undefined;
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
    const message: WorkerMessage<In> = { id: nextId++, input: current.input };
    worker.postMessage(message, [...current.transfer]);
    startBudget();
  };

  return {
    run(input, transfer = []) {
      return new Promise((resolve, reject) => {
        queue.push({ input, transfer, resolve, reject });
        run();
      });
    },
    async close() {
      clearTimeout(budget);
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
