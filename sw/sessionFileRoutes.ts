import { createPartialResponse } from 'workbox-range-requests';
import type { RouteHandlerCallback } from 'workbox-core';
import { NetworkFirst } from 'workbox-strategies';
import { SESSION_FILES_CACHE, sessionFileCacheKey } from '#shared/sessions/offlineFiles';

// The same file is asked for with a bearer header or a token in the query; Vary must not split the entries.
const MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

/**
 * Joint data: the network first, so a replaced file is seen online; the cached copy when offline. Opening a session
 * in the skeleton viewer thereby keeps it (DESIGN.md Data flow 6). Cached under the URL without the token.
 */
export const jointDataFirstFromNetwork = new NetworkFirst({
  cacheName: SESSION_FILES_CACHE,
  matchOptions: MATCH_OPTIONS,
  plugins: [
    { cacheKeyWillBeUsed: ({ request }) => Promise.resolve(sessionFileCacheKey(request.url)) },
    // Only a whole file: an error page or a partial answer must never stand in for the recording offline.
    { cacheWillUpdate: ({ response }) => Promise.resolve(response.status === 200 ? response : null) },
  ],
});

/**
 * Videos: served from the cache when the user kept them offline, ranges cut from the whole cached file
 * (`cache.put` rejects 206 answers, so the page stores one 200 download); otherwise straight to the network.
 */
export const videoFromCacheOrNetwork: RouteHandlerCallback = async ({ request }) => {
  const cache = await caches.open(SESSION_FILES_CACHE);
  const cached = await cache.match(sessionFileCacheKey(request.url), MATCH_OPTIONS);
  if (!cached) return fetch(request);
  return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
};
