import { benchProbe } from '#bench/skeletonProbe';
import type { PreparedRecording } from './skeletonRecording.ts';
import { postToWorker as post, takeWorker } from './workerAhead.ts';

/** The bytes of a batch of pieces sent to the worker in one message (the last may be smaller). */
const BATCH_BYTES = 256 * 1024;
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
