import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as analysis from '#server/analysis/analyseSessionFile';
import { apiClient, type Session } from './support/client.ts';
import { newUploadId, stage } from './support/sessionFlows.ts';
import { filesOnDisk, longRecording, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

const analyseOnServerThread = vi.hoisted(() => vi.fn());
vi.mock('#server/analysis/analyseSessionFile', async (original) => {
  const actual = await original<typeof analysis>();
  return {
    ...actual,
    analyseSessionFile: (...args: Parameters<typeof actual.analyseSessionFile>) => {
      analyseOnServerThread();
      return actual.analyseSessionFile(...args);
    },
  };
});

/**
 * A large valid joint data file must not take the server down: it is parsed in a worker thread, so other requests
 * go on meanwhile, and within a memory budget, so a file that would not fit is refused and the server lives on.
 */
describe.each(DATABASE_KINDS)('a large joint data upload (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  const big = longRecording(40);
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir(), ANALYSIS_MEMORY_MB: '48' });
    admin = await apiClient(t.app).login('admin');
  });
  afterAll(() => t.close());

  it('is refused with 413 when its recording does not fit the budget, and the server goes on', async () => {
    expect(big.length).toBeGreaterThan(40 * 2 ** 20);
    const refused = await stage(t, admin, newUploadId(), { body: big, type: 'application/json' });
    expect(refused).toMatchObject({
      status: 413,
      body: {
        error:
          'The file is too large to analyse: its recording does not fit in the 48 MiB the server sets aside for it.',
      },
    });
    expect(filesOnDisk(t.deps.config.storage.dir)).toEqual([]);
    // A new worker takes the next file.
    expect((await stage(t, admin, newUploadId(), { body: walk().text, type: 'application/json' })).status).toBe(200);
  });
});

describe.each(DATABASE_KINDS)('where a large file is analysed (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  const big = longRecording(40);
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    admin = await apiClient(t.app).login('admin');
  });
  afterAll(() => t.close());

  it('in the analysis worker, never on the event loop: the server thread never runs the analysis', async () => {
    // The worker thread loads its own copy of the module: only a call on the server's own thread reaches the spy.
    // (How long the event loop goes without a turn meanwhile is measured by tests/bench/largeUpload.ts.)
    analyseOnServerThread.mockClear();
    const staged = await stage(t, admin, newUploadId(), { body: big, type: 'application/json' });
    expect(staged).toMatchObject({ status: 200, body: { Kind: 'jointData' } });
    expect(analyseOnServerThread).not.toHaveBeenCalled();
  });
});

describe.each(DATABASE_KINDS)('a file that overruns its analysis time (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  // A budget of 1 ms whatever the size, so that every analysis overruns on any machine: how fast this one runs the
  // engine must not decide the test. That the task queued behind an overrun runs in a fresh worker is shown by
  // singleWorkerQueue.test.ts with a worker that never returns; here each upload gets its own answer, none hangs.
  const slow = longRecording(10);
  beforeAll(async () => {
    t = await startTestApp(kind, {
      DATA_DIR: tempDataDir(),
      ANALYSIS_BUDGET_MS: '1',
      ANALYSIS_BUDGET_MS_PER_MIB: '0',
    });
    admin = await apiClient(t.app).login('admin');
  });
  afterAll(() => t.close());

  it('is cut off with 422 saying so, keeps nothing, and the upload behind it gets its own answer', async () => {
    const [refused, next] = await Promise.all([
      stage(t, admin, newUploadId(), { body: slow, type: 'application/json' }),
      // Also a long one: a short walk can be answered inside the 1 ms while the event loop is busy with the first.
      stage(t, admin, newUploadId(), { body: slow, type: 'application/json' }),
    ]);
    const overrun = {
      status: 422,
      body: {
        error:
          'The file could not be analysed in the 0.0 s the server gives a file of its size; it may be damaged. Nothing was stored.',
      },
    };
    expect(refused).toMatchObject(overrun);
    expect(next).toMatchObject(overrun);
    expect(filesOnDisk(t.deps.config.storage.dir)).toHaveLength(0);
  });
});
