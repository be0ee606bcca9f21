import { describe, expect, it } from 'vitest';
import { CONTROLS_REFRESH_MS, createPlaybackStore } from './playbackStore.ts';

const TIMES = Float64Array.from({ length: 301 }, (_, i) => i / 30);

describe('playback store', () => {
  it('refreshes the controls at most ten times a second while playing, and at once for anything else', () => {
    let clock = 0;
    const store = createPlaybackStore(() => clock);
    let notified = 0;
    store.subscribe(() => notified++);
    store.dispatch({ type: 'loaded', times: TIMES });
    store.dispatch({ type: 'play' });
    expect(notified).toBe(2);
    // One second of 60 Hz animation frames over a 30 Hz recording.
    for (let i = 0; i < 60; i++) {
      clock += 1000 / 60;
      store.dispatch({ type: 'tick', elapsed: 1 / 60 });
    }
    const refreshes = notified - 2;
    expect(refreshes).toBeLessThanOrEqual(1000 / CONTROLS_REFRESH_MS);
    expect(refreshes).toBeGreaterThanOrEqual(1000 / CONTROLS_REFRESH_MS - 1);
    expect(store.getState().time).toBeCloseTo(1);
    store.dispatch({ type: 'pause' });
    expect(notified).toBe(3 + refreshes);
    expect(store.getSnapshot()).toBe(store.getState());
  });

  it('does not wake the controls while paused', () => {
    const store = createPlaybackStore(() => 0);
    let notified = 0;
    store.dispatch({ type: 'loaded', times: TIMES });
    store.subscribe(() => notified++);
    store.dispatch({ type: 'tick', elapsed: 1 / 60 });
    expect(notified).toBe(0);
  });
});
