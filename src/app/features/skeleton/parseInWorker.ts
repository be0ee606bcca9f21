import type { WorkerInput } from './jointDataWorker.ts';
import type { PreparedRecording } from './skeletonRecording.ts';

/**
 * Hands the downloaded bytes (and the stored metrics file's, if any) to a worker, transferred, not copied, and
 * resolves with the prepared recording, whose typed arrays come back transferred too. The worker lives for one file.
 */
export function parseInWorker(
  bytes: ArrayBuffer,
  metrics: ArrayBuffer | null,
  signal: AbortSignal,
): Promise<PreparedRecording> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./jointDataWorker.ts', import.meta.url), { type: 'module' });
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
    const input: WorkerInput = { recording: bytes, metrics };
    worker.postMessage(input, metrics === null ? [bytes] : [bytes, metrics]);
  });
}
