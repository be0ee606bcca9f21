import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import { runExportJob, type ExportJob, type ExportJobResult } from './exportJob.ts';

/** Worker thread: makes one sub-session's exports at a time. */
serveWorkerTasks<ExportJob, ExportJobResult>(runExportJob);
