/**
 * Whether the last outbox request reached the server. `navigator.onLine` alone says little: a tablet on a ward Wi-Fi
 * without a route out is "online". The top bar shows Offline when either says so.
 */
let lastRequestFailed = false;
const listeners = new Set<() => void>();

export function noteReachable(reached: boolean): void {
  if (lastRequestFailed === !reached) return;
  lastRequestFailed = !reached;
  for (const listener of listeners) listener();
}

export const lastRequestUnreachable = (): boolean => lastRequestFailed;

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Offline as far as the app can tell: the browser says so, or the last request to the server got no answer. */
export const isOffline = (): boolean =>
  (typeof navigator !== 'undefined' && !navigator.onLine) || lastRequestUnreachable();
