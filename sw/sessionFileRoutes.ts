import type { RouteHandlerCallback } from 'workbox-core';
import { keepSealed, openKept } from './keptFiles.ts';
import { vaultOfClient } from './vaultOfClient.ts';

/**
 * Joint data: the network first, so a replaced file is seen online; a whole answer is then kept, sealed with the
 * vault of the page that asked (opening a session in the skeleton viewer keeps it, docs/design.md Data flow 6). Offline,
 * the kept copy is opened for that page. Without an open vault nothing is kept or read.
 */
export const jointDataFirstFromNetwork: RouteHandlerCallback = async ({ request, event }) => {
  const vault = await vaultOfClient((event as FetchEvent).clientId);
  try {
    const response = await fetch(request);
    if (vault && response.status === 200 && response.body) {
      (event as FetchEvent).waitUntil(keepSealed(vault, request.url, response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const kept = vault && (await openKept(vault, request).catch(() => null));
    if (kept) return kept;
    throw error;
  }
};

/**
 * Videos: from the kept copy when the user kept the session offline, in ranges opened chunk by chunk (a long video
 * is never opened whole); otherwise straight to the network.
 */
export const videoFromKeptOrNetwork: RouteHandlerCallback = async ({ request, event }) => {
  const vault = await vaultOfClient((event as FetchEvent).clientId);
  const kept = vault && (await openKept(vault, request).catch(() => null));
  return kept ?? fetch(request);
};
