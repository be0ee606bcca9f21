import type { WorkerInput } from './jointDataWorker.ts';

/*
 * The joint data worker started ahead of its file. A module of its own, apart from readInWorker
 * (parseInWorker.ts): the viewer's route starts the worker from the app's entry chunk, which every page loads.
 */

/** A worker started ahead of the file it will read (startJointDataWorker), not yet given one. */
let ready: Worker | undefined;
/** Workers that failed to start before they were given a file: that error event has passed, so they are not used. */
const failed = new WeakSet<Worker>();

export const postToWorker = (worker: Worker, input: WorkerInput, transfer: Transferable[] = []) =>
  worker.postMessage(input, transfer);

function newWorker(): Worker {
  const worker = new Worker(new URL('./jointDataWorker.ts', import.meta.url), { type: 'module' });
  worker.onerror = () => failed.add(worker);
  postToWorker(worker, { kind: 'warm' });
  return worker;
}

/** The worker started ahead if it is usable, else a new one: it is the caller's from now on. */
export function takeWorker(): Worker {
  const worker = ready;
  ready = undefined;
  if (worker && !failed.has(worker)) return worker;
  worker?.terminate();
  return newWorker();
}

/**
 * Starts the worker that will read the next recording, so that its code loads, compiles and warms up while the file
 * downloads (seconds for a long walk on a ward's network) rather than after. One at most; readInWorker takes it. The
 * viewer's route calls it as it is entered, before the viewer's code has loaded (on a busy device a worker can take
 * longer to start than a local download takes); the viewer calls it again with its own signal, which ends the
 * worker if the viewer closes before its file arrives.
 */
export function startJointDataWorker(signal?: AbortSignal): void {
  const worker = (ready ??= newWorker());
  signal?.addEventListener(
    'abort',
    () => {
      if (ready === worker) endIdleJointDataWorker();
    },
    { once: true },
  );
}

/** Ends the worker started ahead if no file has taken it (the viewer's route was left before the viewer asked). */
export function endIdleJointDataWorker(): void {
  ready?.terminate();
  ready = undefined;
}
