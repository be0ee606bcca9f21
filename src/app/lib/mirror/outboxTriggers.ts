import { withMirrorDb } from './db.ts';
import { drainOutbox } from './outboxDrain.ts';
import { holdSenderLock } from './outboxSender.ts';
import { sealLeftovers } from './sealLeftovers.ts';

/** While entries wait, look again this often: `online` does not fire when a ward Wi-Fi regains its route out. */
const DRAIN_INTERVAL_MS = 30_000;

const drainQuietly = () => {
  drainOutbox().catch(() => undefined);
};

// Anything an earlier release kept readable is sealed, and orphaned file chunks swept, before the first drain.
const sealThenDrain = () => {
  void withMirrorDb(sealLeftovers)
    .catch(() => undefined)
    .then(drainQuietly);
};

const isOutboxSyncMessage = (data: unknown) =>
  typeof data === 'object' && data !== null && 'type' in data && data.type === 'outbox-sync';

/**
 * Starts the page-side drain for the logged-in user (docs/design.md Data flow 4): now, on `online`, when the tab becomes
 * visible, on a timer while entries wait, and when the service worker's `sync` event posts {type:'outbox-sync'}.
 * Returns the function that stops it (logout).
 */
export function startOutboxDrain(): () => void {
  holdSenderLock();
  const onVisible = () => {
    if (document.visibilityState === 'visible') drainQuietly();
  };
  const onMessage = (event: MessageEvent) => {
    if (isOutboxSyncMessage(event.data)) drainQuietly();
  };
  const timer = window.setInterval(() => {
    void withMirrorDb((db) => db.outbox.where('state').anyOf('queued', 'sending').count())
      .then((waiting) => waiting > 0 && drainQuietly())
      .catch(() => undefined);
  }, DRAIN_INTERVAL_MS);
  window.addEventListener('online', drainQuietly);
  document.addEventListener('visibilitychange', onVisible);
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  worker?.addEventListener('message', onMessage);
  sealThenDrain();
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('online', drainQuietly);
    document.removeEventListener('visibilitychange', onVisible);
    worker?.removeEventListener('message', onMessage);
  };
}
