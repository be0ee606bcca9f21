import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { benchProbe } from '#bench/skeletonProbe';
import type { PlaybackStore } from './playbackStore.ts';

/**
 * Drives the playback clock from animation frames. The canvas renders on demand: only while playing (each frame asks
 * for the next) or when something changed, so a paused viewer leaves a tablet's battery alone.
 */
export function PlaybackClock({ store }: { store: PlaybackStore }) {
  const invalidate = useThree((state) => state.invalidate);
  const lastFrame = useRef<number | null>(null);

  useEffect(() => store.subscribe(() => invalidate()), [store, invalidate]);

  useFrame(() => {
    const now = performance.now();
    if (import.meta.env.BENCH_BUILD) benchProbe.frameStartedAt = now;
    if (store.getState().status !== 'playing') {
      lastFrame.current = null;
      return;
    }
    // The first frame after play starts from zero elapsed time, however long the player sat paused.
    const elapsed = lastFrame.current === null ? 0 : (now - lastFrame.current) / 1000;
    lastFrame.current = now;
    store.dispatch({ type: 'tick', elapsed: import.meta.env.BENCH_BUILD ? elapsed * benchProbe.timeScale : elapsed });
    invalidate();
  });
  return null;
}
