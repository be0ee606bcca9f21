import { frameAt } from './framePose.ts';
import { INITIAL_PLAYBACK, playback, type PlaybackAction, type PlaybackState } from './playback.ts';

/**
 * While playing, the controls (time, frame, slider) refresh at most ten times a second: faster numbers cannot be
 * read, and each refresh lays the controls out again — on a software-rendered WebGL (a hospital's virtual desktop)
 * refreshing at the recording's 30 Hz cost one animation frame in twenty (tests/bench/skeletonPlayback.ts).
 */
export const CONTROLS_REFRESH_MS = 100;

export type PlaybackStore = {
  dispatch: (action: PlaybackAction) => void;
  /** Always current: read by the 3D scene every animation frame. */
  getState: () => PlaybackState;
  /** For useSyncExternalStore: what the controls show. */
  getSnapshot: () => PlaybackState;
  subscribe: (listener: () => void) => () => void;
};

/**
 * Holds the player outside React. A tick moves the time every animation frame; the controls hear of it only when
 * the shown frame changed and CONTROLS_REFRESH_MS have passed. Every other action (play, pause, scrub, step, the
 * end of the walk) reaches them at once.
 */
export function createPlaybackStore(now: () => number = () => performance.now()): PlaybackStore {
  let state = INITIAL_PLAYBACK;
  let snapshot = INITIAL_PLAYBACK;
  let shownAt = 0;
  const listeners = new Set<() => void>();
  const shownFrame = (s: PlaybackState) => (s.times.length === 0 ? -1 : frameAt(s.times, s.time));

  return {
    dispatch: (action) => {
      const next = playback(state, action);
      if (next === state) return;
      state = next;
      if (action.type === 'tick' && next.status === snapshot.status) {
        if (shownFrame(next) === shownFrame(snapshot) || now() - shownAt < CONTROLS_REFRESH_MS) return;
      }
      shownAt = now();
      snapshot = next;
      for (const listener of listeners) listener();
    },
    getState: () => state,
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
