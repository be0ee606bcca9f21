import { useSyncExternalStore } from 'react';
import type { PlaybackState } from './playback.ts';
import type { PlaybackStore } from './playbackStore.ts';

/** The player as the controls show it: re-renders when the shown frame or the status changes, not every frame. */
export function usePlayback(store: PlaybackStore): PlaybackState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
