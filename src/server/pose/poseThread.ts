import { Worker } from 'node:worker_threads';
import type { PoseTaskInput, PoseTaskMessage } from './poseTask.ts';

export type PoseThreadLimits = { memoryMb: number; timeoutSeconds: number };
/** How a thread ended: its answer, or a bound it broke (which another attempt would only break again). */
export type PoseThreadEnd = Exclude<PoseTaskMessage, { type: 'progress' }>;

const TASK = new URL('./poseTask.ts', import.meta.url);

/**
 * Runs one video's pose task in a worker thread of its own, with its own heap limit and a time limit, so the
 * event loop stays free and one video cannot take the server's memory or hold a worker for ever; the thread ends
 * with the task, and the model's memory with it. Stop it with the signal (the promise then rejects).
 */
export function runPoseThread(
  input: PoseTaskInput,
  limits: PoseThreadLimits,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<PoseThreadEnd> {
  // The server runs its TypeScript through tsx; the thread registers tsx itself before loading its module.
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(TASK.href)}); });`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const end = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      void worker.terminate();
      settle();
    };
    const stop = () => end(() => reject(new Error('The analysis was stopped.')));
    const timer = setTimeout(() => {
      const error = `The analysis took longer than the ${String(limits.timeoutSeconds)} s the server gives a video.`;
      end(() => resolve({ type: 'refused', error }));
    }, limits.timeoutSeconds * 1000);
    signal.addEventListener('abort', stop);
    if (signal.aborted) stop();
    worker.on('message', (message: PoseTaskMessage) => {
      if (message.type === 'progress') onProgress(message.percent);
      else end(() => resolve(message));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') return end(() => reject(error));
      const refusal = `The analysis needed more than the ${String(limits.memoryMb)} MB the server gives a video.`;
      end(() => resolve({ type: 'refused', error: refusal }));
    });
    worker.on('exit', (code) => end(() => reject(new Error(`The pose thread stopped (exit ${String(code)}).`))));
  });
}
