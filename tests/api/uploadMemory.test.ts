import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { newUploadId, stage } from './support/sessionFlows.ts';
import { longRecording, tempDataDir } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/**
 * Uploads waiting for the analysis worker must not be held in the server's memory: the worker reads each file from
 * disk itself. Four large files sent at once, the server's buffers (Node's ArrayBuffers, where file contents live)
 * may grow by less than two of them while they wait, not by all four.
 */
describe.each(DATABASE_KINDS)('large uploads waiting for the analysis worker (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  const files = Array.from({ length: 4 }, () => Buffer.from(longRecording(20)));
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    admin = await apiClient(t.app).login('admin');
  });
  afterAll(() => t.close());

  it('are not held in memory while they wait', async () => {
    const size = files[0]?.length ?? 0;
    expect(size).toBeGreaterThan(20 * 2 ** 20);
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 5);
    try {
      const answers = await Promise.all(
        files.map((body) => stage(t, admin, newUploadId(), { body, type: 'application/json' })),
      );
      for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { Kind: 'jointData' } });
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(2 * size);
  }, 300_000);
});
