// First: zod (the recording's schema) must find its CSP-safe setting before it loads.
import '#app/lib/zodJitless';
import { prepareRecording, transferables, type PreparedRecording } from './skeletonRecording.ts';
import { warmUpPreparation } from './workerWarmUp.ts';

/**
 * `warm`: get ready for a file (sent when the worker starts, while the file downloads). `prepare`: the downloaded
 * recording, and the session's stored metrics file when the server has one.
 */
export type WorkerInput = { kind: 'warm' } | { kind: 'prepare'; recording: ArrayBuffer; metrics: ArrayBuffer | null };

/**
 * Converts a downloaded recording (the joint data file, or the original file of any format the portal reads) off the
 * main thread, so a 10-minute recording never freezes the page.
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<WorkerInput>) => void) | null;
  postMessage: (message: PreparedRecording, transfer: Transferable[]) => void;
};

const scope = self as unknown as WorkerScope;
/** Set when the file comes: the warm-up stops at its next slice. */
let fileCame = false;

scope.onmessage = (event) => {
  const input = event.data;
  if (input.kind === 'warm') warmUpPreparation(() => fileCame);
  else {
    fileCame = true;
    void prepare(input.recording, input.metrics);
  }
};

async function prepare(recording: ArrayBuffer, metrics: ArrayBuffer | null): Promise<void> {
  let result: PreparedRecording;
  try {
    const metricsText = metrics === null ? null : new TextDecoder().decode(metrics);
    result = await prepareRecording(new Uint8Array(recording), metricsText);
  } catch {
    result = { ok: false, error: 'The recording could not be read.' };
  }
  scope.postMessage(result, result.ok ? transferables(result.recording) : []);
}
