import { parentPort } from 'node:worker_threads';
import { analyseSessionFile } from './analyseSessionFile.ts';

/** Worker thread: analyses one session file at a time, sent as transferred bytes (no copy), answers by its id. */
export type AnalysisRequest = { id: number; bytes: ArrayBuffer; derive: boolean; now: string };

parentPort?.on('message', (request: AnalysisRequest) => {
  const result = analyseSessionFile(new Uint8Array(request.bytes), request.derive, new Date(request.now));
  parentPort?.postMessage({ id: request.id, result });
});
