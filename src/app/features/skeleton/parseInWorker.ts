import type { WorkerInput } from './jointDataWorker.ts';
import type { PreparedRecording } from './skeletonRecording.ts';

/** A worker started ahead of the file it will read (startJointDataWorker), not yet given one. */
let ready: Worker | undefined;
/** Workers that failed to start before they were given a file: that error event has passed, so they are not used. */
const failed = new WeakSet<Worker>();

function newWorker(): Worker {
  const worker = new Worker(new URL('./jointDataWorker.ts', import.meta.url), { type: 'module' });
  worker.onerror = () => failed.add(worker);
  const warm: WorkerInput = { kind: 'warm' };
  worker.postMessage(warm);
  return worker;
}

function takeWorker(): Worker {
  const worker = ready;
  ready = undefined;
  if (worker && !failed.has(worker)) return worker;
  worker?.terminate();
  return newWorker();
}

/**
 * Starts the worker that will read the next recording, so that its code loads, compiles and warms up while the file
 * downloads (seconds for a long walk on a ward's network) rather than after. One at most; parseInWorker takes it.
 */
export function startJointDataWorker(signal: AbortSignal): void {
  const worker = (ready ??= newWorker());
  // The viewer closed before its file arrived: no worker is left idle.
  signal.addEventListener(
    'abort',
    () => {
      if (ready !== worker) return;
      ready = undefined;
      worker.terminate();
    },
    { once: true },
  );
}

/**
 * Hands the downloaded bytes (and the stored metrics file's, if any) to a worker, transferred, not copied, and
 * resolves with the prepared recording, whose typed arrays come back transferred too. The worker lives for one file:
 * the one started ahead if there is one, else a new one.
 */
export function parseInWorker(
  bytes: ArrayBuffer,
  metrics: ArrayBuffer | null,
  signal: AbortSignal,
): Promise<PreparedRecording> {
  return new Promise((resolve, reject) => {
    const worker = takeWorker();
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<PreparedRecording>) => {
      finish();
      resolve(event.data);
    };
    worker.onerror = () => {
      finish();
      resolve({
        ok: false,
        error: 'The recording could not be read: this browser could not start the file reader.',
      });
    };
    const input: WorkerInput = { kind: 'prepare', recording: bytes, metrics };
    worker.postMessage(input, metrics === null ? [bytes] : [bytes, metrics]);
  });
}
