import os from 'node:os';
import { randomUUID } from 'node:crypto';

/** What one turn of a job loop did: 'idle' when there was no job to claim. */
export type JobTurn = 'idle' | 'done' | 'retrying' | 'failed' | 'stopped';

/**
 * Starts `workers` loops of background jobs queued in the database (blurring, pose): each claims a job under an
 * owner name unique to this instance and loop, runs it, and looks again after pollSeconds when there was none.
 * Answers a stop that ends them; a job stopped part-way keeps its lease until it expires, and is then resumed.
 */
export function startJobLoops(
  options: { workers: number; pollSeconds: number; name: string },
  runOne: (owner: string, signal: AbortSignal) => Promise<JobTurn>,
  log: (message: string) => void,
): () => Promise<void> {
  const controller = new AbortController();
  const owner = `${os.hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        controller.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      controller.signal.addEventListener('abort', done);
    });
  const loop = async (n: number) => {
    while (!controller.signal.aborted) {
      try {
        const outcome = await runOne(`${owner}#${String(n)}`, controller.signal);
        if (outcome === 'idle') await pause(options.pollSeconds * 1000);
        else log(`${options.name} job ${outcome}`);
      } catch (error) {
        log(`${options.name} worker: ${error instanceof Error ? error.message : String(error)}`);
        await pause(options.pollSeconds * 1000);
      }
    }
  };
  const loops = Array.from({ length: options.workers }, (_, n) => loop(n));
  return async () => {
    controller.abort();
    await Promise.all(loops);
  };
}
