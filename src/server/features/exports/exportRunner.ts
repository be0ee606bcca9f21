import { createWorkerQueue } from '#server/workers/singleWorkerQueue';
import type { ExportJob, ExportJobResult } from './exportJob.ts';

export type ExportRunner = { run(job: ExportJob): Promise<ExportJobResult>; close(): Promise<void> };

/** Why a sub-session gives no export when its analysis does not fit the export worker's heap. */
export const tooLargeToExport = (memoryMb: number): string =>
  `This recording is too large to export: analysing it does not fit in the ${String(memoryMb)} MiB the server sets aside for exports.`;

/**
 * Analysing a recording and writing its C3D takes the better part of a second for a two-minute walk: on the event
 * loop it would stall every other request, and a zip of many sessions for seconds. Exports run in one worker thread
 * with its own heap limit, one sub-session at a time. A sub-session whose analysis does not fit gives no files, each
 * saying so (422 for one export, a line of not-exported.csv in a zip); the worker is replaced and the next export
 * runs as usual.
 */
export function createExportRunner(options: { memoryMb: number }): ExportRunner {
  const queue = createWorkerQueue<ExportJob, ExportJobResult>({
    entry: new URL('./exportWorker.ts', import.meta.url),
    memoryMb: options.memoryMb,
    name: 'export worker',
    outOfMemory: (job) => {
      const error = tooLargeToExport(options.memoryMb);
      return { files: job.kinds.map(() => ({ ok: false, error })), metrics: null, method: '', error };
    },
  });
  return { run: (job) => queue.run(job), close: () => queue.close() };
}
