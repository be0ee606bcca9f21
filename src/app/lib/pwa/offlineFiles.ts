import { SESSION_FILES_CACHE, offlineFileOf, type OfflineFileKind } from '#shared/sessions/offlineFiles';

/** One file kept on this device, as the storage panel lists it. */
export type KeptFile = { key: string; sessionId: string; subSessionId: string; kind: OfflineFileKind; bytes: number };

const hasCaches = (): boolean => typeof caches !== 'undefined';

/** What the service worker and "Keep offline" stored, with sizes (Content-Length, else the body's size). */
export async function listKeptFiles(): Promise<KeptFile[]> {
  if (!hasCaches()) return [];
  const cache = await caches.open(SESSION_FILES_CACHE);
  const files: KeptFile[] = [];
  for (const request of await cache.keys()) {
    const name = offlineFileOf(new URL(request.url).pathname);
    const response = await cache.match(request, { ignoreVary: true });
    if (!name || !response) continue;
    const length = Number(response.headers.get('Content-Length'));
    const bytes = Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
    files.push({ key: request.url, ...name, bytes });
  }
  return files;
}

export async function removeKeptFile(key: string): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(SESSION_FILES_CACHE);
  await cache.delete(key, { ignoreVary: true });
}

/**
 * Logout: this user's session files leave the device. Cache Storage is shared by every login on the browser, so a
 * shared ward tablet must not serve one user's recordings to the next.
 */
export async function clearOfflineFiles(): Promise<void> {
  if (hasCaches()) await caches.delete(SESSION_FILES_CACHE);
}

export type StorageUse = { usage: number; quota: number; persisted: boolean };

export async function storageUse(): Promise<StorageUse> {
  const { usage = 0, quota = 0 } = (await navigator.storage?.estimate?.()) ?? {};
  const persisted = (await navigator.storage?.persisted?.()) ?? false;
  return { usage, quota, persisted };
}

/** Asked once the user first keeps something, so the browser does not evict the files under storage pressure. */
export async function askForPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
