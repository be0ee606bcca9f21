// First: zod (the recording's schema) must find its CSP-safe setting before it loads.
import '#app/lib/zodJitless';
import { prepareRecording, transferables, type PreparedRecording } from './skeletonRecording.ts';

/** The downloaded recording, and the session's stored metrics file when the server has one. */
export type WorkerInput = { recording: ArrayBuffer; metrics: ArrayBuffer | null };

/**
 * Converts a downloaded recording (the joint data file, or the original file of any format the portal reads) off the
 * main thread, so a 10-minute recording never freezes the page.
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<WorkerInput>) => void) | null;
  postMessage: (message: PreparedRecording, transfer: Transferable[]) => void;
};

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { recording, metrics } = event.data;
  let result: PreparedRecording;
  try {
    const metricsText = metrics === null ? null : new TextDecoder().decode(metrics);
    result = prepareRecording(new Uint8Array(recording), metricsText);
  } catch {
    result = { ok: false, error: 'The recording could not be read.' };
  }
  scope.postMessage(result, result.ok ? transferables(result.recording) : []);
};
