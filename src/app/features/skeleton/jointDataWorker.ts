// First: zod (the recording's schema) must find its CSP-safe setting before it loads.
import '#app/lib/zodJitless';
import { prepareRecording, transferables, type PreparedRecording } from './skeletonRecording.ts';

/**
 * Converts a downloaded recording (the joint data file, or the original file of any format the portal reads) off the
 * main thread, so a 10-minute recording never freezes the page.
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage: (message: PreparedRecording, transfer: Transferable[]) => void;
};

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  let result: PreparedRecording;
  try {
    result = prepareRecording(new Uint8Array(event.data));
  } catch {
    result = { ok: false, error: 'The recording could not be read.' };
  }
  scope.postMessage(result, result.ok ? transferables(result.recording) : []);
};
