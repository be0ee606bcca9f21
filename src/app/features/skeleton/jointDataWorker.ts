// First: zod (the recording's schema) must find its CSP-safe setting before it loads.
import '#app/lib/zodJitless';
import { ArrivingFile } from './arrivingFile.ts';
import { prepareRecording, transferables, type PreparedRecording } from './skeletonRecording.ts';
import { warmUpPreparation } from './workerWarmUp.ts';

/**
 * `warm`: get ready for a file (sent when the worker starts, while the file's download is asked for). `begin`, then
 * `pieces` after `pieces`: the recording as it downloads (read as it comes). `end`: the download is complete, with the
 * session's stored metrics file when the server has one.
 */
export type WorkerInput =
  | { kind: 'warm' }
  | { kind: 'begin'; expectedLength: number }
  | { kind: 'pieces'; pieces: ArrayBuffer[] }
  | { kind: 'end'; metrics: ArrayBuffer | null };

/**
 * Converts a downloaded recording (the joint data file, or the original file of any format the portal reads) off the
 * main thread, so a 10-minute recording never freezes the page.
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<WorkerInput>) => void) | null;
  postMessage: (message: PreparedRecording, transfer: Transferable[]) => void;
};

const scope = self as unknown as WorkerScope;
/**
 * Set when the file begins to come: the warm-up stops at its next slice, so that the pieces do not wait behind it
 * (a warm-up that went on while they came left the worker behind the download).
 */
let file: ArrivingFile | undefined;

scope.onmessage = (event) => {
  const input = event.data;
  switch (input.kind) {
    case 'warm':
      warmUpPreparation(() => file !== undefined);
      return;
    case 'begin':
      file = new ArrivingFile(input.expectedLength);
      return;
    case 'pieces':
      file?.add(input.pieces.map((piece) => new Uint8Array(piece)));
      return;
    case 'end':
      void prepare(file ?? new ArrivingFile(0), input.metrics);
  }
};

async function prepare(arrived: ArrivingFile, metrics: ArrayBuffer | null): Promise<void> {
  let result: PreparedRecording;
  try {
    const metricsText = metrics === null ? null : new TextDecoder().decode(metrics);
    result = await prepareRecording(arrived, metricsText);
  } catch {
    result = { ok: false, error: 'The recording could not be read.' };
  }
  scope.postMessage(result, result.ok ? transferables(result.recording) : []);
}
