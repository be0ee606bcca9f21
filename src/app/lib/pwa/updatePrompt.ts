import { useSyncExternalStore } from 'react';

/** A new service worker waiting to take over, and how to hand the page to it. */
type WaitingUpdate = { apply: () => void } | null;

let waiting: WaitingUpdate = null;
const listeners = new Set<() => void>();

/** Called by the registration when a new worker has installed and waits (update mode "prompt"). */
export function announceUpdate(apply: () => void): void {
  waiting = { apply };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting update for the 'Update available' notice; null while there is none. */
export function useWaitingUpdate(): WaitingUpdate {
  return useSyncExternalStore(subscribe, () => waiting);
}
