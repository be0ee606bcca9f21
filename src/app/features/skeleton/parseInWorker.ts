import { benchProbe } from '#bench/skeletonProbe';
import type { WorkerInput } from './jointDataWorker.ts';
import type { PreparedRecording } from './skeletonRecording.ts';

/** The bytes of a batch of pieces sent to the worker in one message (the last may be smaller). */
const BATCH_BYTES = 256 * 1024;
/** A worker started ahead of the file it will read (startJointDataWorker), not yet given one. */
let ready: Worker | undefined;
/** Workers that failed to start before they were given a file: that error event has passed, so they are not used. */
const failed = new WeakSet<Worker>();

const post = (worker: Worker, input: WorkerInput, transfer: Transferable[] = []) => worker.postMessage(input, transfer);

function newWorker(): Worker {
  const worker = new Worker(new URL('./jointDataWorker.ts', import.meta.url), { type: 'module' });
  worker.onerror = () => failed.add(worker);
  post(worker, { kind: 'warm' });
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
 * downloads (seconds for a long walk on a ward's network) rather than after. One at most; readInWorker takes it. The
 * viewer's route calls it as it is entered, before the viewer's code has loaded (a worker took 0.2-1 s to start in
 * the bench at load 8-17, longer than the download); the viewer calls it again with its own signal, which ends the
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

/** A recording handed to a worker as it downloads. */
export type WorkerReading = {
  /** The next piece of the file: handed over (the worker reads it as it comes); the caller must not use it after. */
  add: (piece: Uint8Array) => void;
  /** The download is complete: resolves with the prepared recording, its typed arrays transferred back. */
  finish: (metrics: ArrayBuffer | null) => Promise<PreparedRecording>;
  /** The download failed: the worker is ended. */
  cancel: () => void;
};

/**
 * Starts a worker on a file that begins to download (`expectedLength`: its Content-Length, or 0): the worker started
 * ahead if there is one, else a new one; it lives for this one file. The file's pieces are transferred, not copied,
 * and the worker reads them as they come, so that little is left to read once the last has come.
 */
export function readInWorker(expectedLength: number, signal: AbortSignal): WorkerReading {
  const worker = takeWorker();
  let resolve: (prepared: PreparedRecording) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const prepared = new Promise<PreparedRecording>((resolved, rejected) => {
    resolve = resolved;
    reject = rejected;
  });
  const finish = () => {
    worker.terminate();
    signal.removeEventListener('abort', onAbort);
  };
  const onAbort = () => {
    finish();
    reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
  };
  worker.onmessage = (event: MessageEvent<PreparedRecording>) => {
    finish();
    resolve(event.data);
  };
  worker.onerror = () => {
    finish();
    resolve({ ok: false, error: 'The recording could not be read: this browser could not start the file reader.' });
  };
  // Nobody waits for the answer of a download that failed or was abandoned: its rejection is not an unhandled one.
  prepared.catch(() => undefined);
  signal.addEventListener('abort', onAbort);
  post(worker, { kind: 'begin', expectedLength });
  // Pieces go over in batches: a socket may give a body in thousands of small pieces, and each message is a task
  // for the worker and a scan that stops and resumes.
  let batch: ArrayBuffer[] = [];
  let batched = 0;
  const send = () => {
    if (batch.length === 0) return;
    post(worker, { kind: 'pieces', pieces: batch }, batch);
    if (import.meta.env.BENCH_BUILD) benchProbe.messages++;
    batch = [];
    batched = 0;
  };
  return {
    add: (piece) => {
      const whole = piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength;
      batch.push(whole && piece.buffer instanceof ArrayBuffer ? piece.buffer : piece.slice().buffer);
      batched += piece.byteLength;
      if (batched >= BATCH_BYTES) send();
    },
    finish: (metrics) => {
      send();
      post(worker, { kind: 'end', metrics }, metrics === null ? [] : [metrics]);
      return prepared;
    },
    cancel: finish,
  };
}
