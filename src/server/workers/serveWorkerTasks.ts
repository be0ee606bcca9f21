import { parentPort } from 'node:worker_threads';

/** A task as a single-worker queue sends it, and the worker's answer to it (singleWorkerQueue.ts). */
export type WorkerMessage<In> = { id: number; input: In };
export type WorkerAnswer<Out> = { id: number; result: Out } | { id: number; error: string };
/** Sent once the worker's modules are loaded: a task's time budget counts from here, not from the thread's start. */
export type WorkerReady = { ready: true };

/**
 * The worker's side of a single-worker queue: runs each task as it arrives (awaited when it is asynchronous) and
 * answers it by its id; a task that throws answers its message, and the worker takes the next one.
 */
export function serveWorkerTasks<In, Out>(perform: (input: In) => Out | Promise<Out>): void {
  parentPort?.on('message', (message: WorkerMessage<In>) => {
    // The queue sends the next task only after this one's answer, so an asynchronous task runs alone too.
    void (async () => {
      let answer: WorkerAnswer<Out>;
      try {
        answer = { id: message.id, result: await perform(message.input) };
      } catch (error) {
        answer = { id: message.id, error: error instanceof Error ? error.message : String(error) };
      }
      parentPort?.postMessage(answer);
    })();
  });
  parentPort?.postMessage({ ready: true } satisfies WorkerReady);
}
