import { SESSION_FILES_CACHE, sessionFileCacheKey } from '#shared/sessions/offlineFiles';
import type { StoredLogin } from '#app/lib/storedLogin';

export type FileProgress = { loaded: number; total: number | null };

/**
 * Downloads one session file whole (a 200, never a 206, which `cache.put` rejects) and stores it under its
 * address without the token, where the service worker finds it offline. The body streams to disk while counted,
 * so a long video is never held in memory. Returns the stored size, or null when the server has no such file.
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
  let loaded = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        onProgress({ loaded, total });
        controller.enqueue(chunk);
      },
    }),
  );
  const cache = await caches.open(SESSION_FILES_CACHE);
  const headers = new Headers(response.headers);
  await cache.put(
    sessionFileCacheKey(new URL(url, window.location.href).href),
    new Response(counted, { status: 200, headers }),
  );
  return loaded;
}
