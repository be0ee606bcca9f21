import { parentPort } from 'node:worker_threads';
import { runExportJob, type ExportJob } from './exportJob.ts';

/** Worker thread: makes one sub-session's exports at a time, answering by the request's id. */
export type ExportRequest = { id: number; job: ExportJob };

parentPort?.on('message', (request: ExportRequest) => {
  try {
    parentPort?.postMessage({ id: request.id, result: runExportJob(request.job) });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
