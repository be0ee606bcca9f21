import { useEffect } from 'react';
import { playerKeyAction } from './playerKeys.ts';
import type { PlaybackStore } from './playbackStore.ts';

/** Listens on the window while the viewer is open, so the shortcuts work wherever the focus is on the page. */
export function usePlayerKeys(store: PlaybackStore, isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = playerKeyAction(event.key, target);
      if (!action) return;
      event.preventDefault();
      store.dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, isActive]);
}
