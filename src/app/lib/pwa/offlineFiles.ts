import {
  isSessionFilesCache,
  offlineFileOf,
  sessionFileCacheKey,
  sessionFilesCache,
  type OfflineFileKind,
} from '#shared/sessions/offlineFiles';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { plainLengthOf } from '#shared/vault/sealedChunks';
import { loginStore, userKeyOf, type StoredLogin } from '#app/lib/storedLogin';

/** One file kept on this device, as the storage panel lists it. */
export type KeptFile = { key: string; sessionId: string; subSessionId: string; kind: OfflineFileKind; bytes: number };

const hasCaches = (): boolean => typeof caches !== 'undefined';

const ownCache = (): string | null => {
  const login = loginStore.read();
  return login ? sessionFilesCache(userKeyOf(login)) : null;
};

/** What the service worker and "Keep offline" stored for the logged-in account, with each file's size. */
export async function listKeptFiles(): Promise<KeptFile[]> {
  const name = ownCache();
  if (!hasCaches() || !name) return [];
  const cache = await caches.open(name);
  const files: KeptFile[] = [];
  for (const request of await cache.keys()) {
    const file = offlineFileOf(new URL(request.url).pathname);
    const response = await cache.match(request, { ignoreVary: true });
    if (!file || !response) continue;
    // Sealed chunks carry a fixed overhead: the size the user kept is the plain length.
    files.push({ key: request.url, ...file, bytes: plainLengthOf((await response.blob()).size) });
  }
  return files;
}

/** Whether this account keeps a session's joint data (a report or the skeleton can then be built offline). */
export async function keepsJointData(sessionId: string, subSessionId: string): Promise<boolean> {
  const name = ownCache();
  if (!hasCaches() || !name) return false;
  const address = new URL(sessionFilePath(sessionId, subSessionId, 'jointData'), window.location.href).href;
  const cache = await caches.open(name);
  return (await cache.match(sessionFileCacheKey(address), { ignoreVary: true })) !== undefined;
}

export async function removeKeptFile(key: string): Promise<void> {
  const name = ownCache();
  if (!hasCaches() || !name) return;
  const cache = await caches.open(name);
  await cache.delete(key, { ignoreVary: true });
}

/** "Remove all" on the storage panel: the logged-in account's kept files. */
export async function clearOwnFiles(): Promise<void> {
  const login = loginStore.read();
  if (login) await clearOfflineFiles(login);
}

/**
 * Logout: the account's session files leave the device. Each account's files are sealed with its own key, in its
 * own cache; files left readable by an earlier release go too.
 */
export async function clearOfflineFiles(login: Pick<StoredLogin, 'loginType' | 'id'>): Promise<void> {
  if (!hasCaches()) return;
  const mine = sessionFilesCache(userKeyOf(login));
  for (const name of await caches.keys()) {
    if (name === mine || (isSessionFilesCache(name) && !name.includes(':'))) await caches.delete(name);
  }
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
