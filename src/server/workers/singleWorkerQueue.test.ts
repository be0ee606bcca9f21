import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerQueue, type WorkerQueue } from './singleWorkerQueue.ts';

type Spin = { name: string; spinMs: number };

describe('a worker queue with a time budget', () => {
  let queue: WorkerQueue<Spin, string> | undefined;
  afterEach(() => queue?.close());

  it('cuts off a task that overruns its budget, and runs the next one in a fresh worker', async () => {
    queue = createWorkerQueue<Spin, string>({
      entry: new URL('../../../tests/fixtures/workers/spinningWorker.ts', import.meta.url),
      memoryMb: 64,
      name: 'test worker',
      outOfMemory: () => 'out of memory',
      timeBudget: { ms: () => 300, overrun: ({ name }) => `${name} overran` },
    });
    const started = Date.now();
    const [stuck, next] = await Promise.all([
      queue.run({ name: 'stuck', spinMs: 60_000 }),
      queue.run({ name: 'next', spinMs: 10 }),
    ]);
    expect(stuck).toBe('stuck overran');
    expect(next).toBe('next');
    // The stuck task held the next one back for its budget and a worker's start, not for its minute.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
