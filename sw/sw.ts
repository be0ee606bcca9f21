import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOT_SHELL_PATHS, READABLE_FILES_CACHE, isRecordingPath, isVideoPath } from '#shared/sessions/offlineFiles';
import { jointDataFirstFromNetwork, videoFromKeptOrNetwork } from './sessionFileRoutes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// Update mode "prompt" (docs/design.md Data flow 7): a new worker waits until the page asks, so no form is reloaded away.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING')
    void self.skipWaiting();
});
// The first install takes the open page at once, so the first visit already works offline afterwards.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Files kept readable by earlier releases are dropped: kept files are now sealed per account.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(READABLE_FILES_CACHE));
});

// Every client-side route loads the precached shell; the server's own addresses never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NOT_SHELL_PATHS] }));

// API calls are not cached here: the Dexie mirror is the offline source for lists (docs/design.md Data flow 2).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && isRecordingPath(url.pathname),
  jointDataFirstFromNetwork,
);
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isVideoPath(url.pathname),
  videoFromKeptOrNetwork,
);

// Background Sync, where the browser has it (not Safari): wake the open pages so their outbox drainer runs. The
// page owns the outbox (IndexedDB, Web Locks); the worker only nudges it. With no page open, the sync waits.
type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== 'outbox') return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: 'outbox-sync' });
    }),
  );
});
