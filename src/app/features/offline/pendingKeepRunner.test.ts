import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/sessions/session';
import { testSession } from '#shared/sessions/testSession';
import { pendingKeepRunner, type PendingKeepSteps } from './pendingKeepRunner.ts';

/** A device with sessions waiting to be kept, whose keeps fail while `failing` is set. */
function device(sessions: Session[]) {
  const state = { online: true, failing: false, waiting: [...sessions], kept: [] as string[] };
  let release: (() => void) | undefined;
  const steps: PendingKeepSteps = {
    online: () => state.online,
    pending: () => Promise.resolve([...state.waiting]),
    keep: async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return !state.failing;
    },
    drop: (session) => {
      state.waiting = state.waiting.filter((s) => s !== session);
      return Promise.resolve();
    },
    kept: (session) => state.kept.push(session.SubSessionID),
  };
  /** Lets the keep that is under way finish. */
  const finishKeep = async () => {
    await vi.waitFor(() => expect(release).toBeDefined());
    const done = release;
    release = undefined;
    done?.();
  };
  return { state, steps, finishKeep };
}

describe('pendingKeepRunner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps every waiting session and says so for each', async () => {
    const { state, steps, finishKeep } = device([
      testSession({ SubSessionID: 'a' }),
      testSession({ SubSessionID: 'b' }),
    ]);
    const pass = pendingKeepRunner(steps).run();
    await finishKeep();
    await finishKeep();
    await pass;
    expect(state.kept).toEqual(['a', 'b']);
    expect(state.waiting).toEqual([]);
  });

  it('makes one more pass when asked while a failing pass still runs (the network came back meanwhile)', async () => {
    const { state, steps, finishKeep } = device([testSession({ SubSessionID: 'a' })]);
    const runner = pendingKeepRunner(steps);
    state.failing = true;
    const first = runner.run();
    // The `online` event arrives while the first keep is still failing.
    void runner.run();
    await finishKeep();
    state.failing = false;
    await finishKeep();
    await first;
    expect(state.kept).toEqual(['a']);
  });

  it('tries a failed keep again after a while, without another online event', async () => {
    const { state, steps, finishKeep } = device([testSession({ SubSessionID: 'a' })]);
    const runner = pendingKeepRunner(steps, 1_000);
    state.failing = true;
    const first = runner.run();
    await finishKeep();
    await first;
    expect(state.kept).toEqual([]);
    state.failing = false;
    await vi.advanceTimersByTimeAsync(1_000);
    await finishKeep();
    await vi.waitFor(() => expect(state.kept).toEqual(['a']));
    runner.stop();
  });

  it('does nothing offline: the online event starts it', async () => {
    const { state, steps } = device([testSession({ SubSessionID: 'a' })]);
    state.online = false;
    await pendingKeepRunner(steps).run();
    expect(state.waiting).toHaveLength(1);
  });
});
