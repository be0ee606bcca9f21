import { sessionFileCacheKey, sessionFilesCache } from '#shared/sessions/offlineFiles';
import { sealChunks } from '#shared/vault/sealedChunks';
import { userKeyOf, type StoredLogin } from '#app/lib/storedLogin';
import { chunkCipher } from '#app/lib/vault/vaultCrypto';
import { vaultKey } from '#app/lib/vault/vaultKey';

export type FileProgress = { loaded: number; total: number | null };

/**
 * Downloads one session file whole (a 200, never a 206) and keeps it sealed with the account's vault key under its
 * address without the token, where the service worker finds it offline (sw/keptFiles.ts reads the same format).
 * The body streams through the sealing to disk while counted, so a long video is never held in memory. Returns the
 * stored size, or null when the server has no such file.
 */
export async function storeSessionFile(
  path: string,
  login: StoredLogin,
  onProgress: (progress: FileProgress) => void,
): Promise<number | null> {
  const url = `${path}?${new URLSearchParams({ UserType: login.loginType }).toString()}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${login.accessToken}` } });
  if (response.status === 404 || response.status === 403) return null;
  if (response.status !== 200 || !response.body)
    throw new Error(`The file could not be downloaded (${String(response.status)}).`);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const key = sessionFileCacheKey(new URL(url, window.location.href).href);
  const reader = response.body.getReader();
  let loaded = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      loaded += value.byteLength;
      onProgress({ loaded, total });
      yield value;
    }
  }
  const sealed = sealChunks(counted(), chunkCipher(await vaultKey()), new URL(key).pathname);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await sealed.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const cache = await caches.open(sessionFilesCache(userKeyOf(login)));
  await cache.put(key, new Response(body, { status: 200, headers: { 'Content-Type': type } }));
  return loaded;
}
