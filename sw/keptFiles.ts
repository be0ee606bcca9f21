import { byteRange } from '#shared/http/byteRange';
import { sessionFileCacheKey, sessionFilesCache } from '#shared/sessions/offlineFiles';
import {
  aesGcmChunkCipher,
  contiguousChunks,
  openRange,
  plainLengthOf,
  sealChunks,
  type AesGcmSubtle,
} from '#shared/vault/sealedChunks';
import type { VaultHandle } from './vaultOfClient.ts';

// The same file is asked for with a bearer header or a token in the query; Vary must not split the entries.
const MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

/** Longest answer to an open-ended range ('bytes=N-'): a player asks again for more, and memory stays small. */
const OPEN_RANGE_BYTES = 4 * 2 ** 20;

const cipherOf = (vault: VaultHandle) =>
  aesGcmChunkCipher(
    crypto.subtle as AesGcmSubtle<CryptoKey>,
    (length) => crypto.getRandomValues(new Uint8Array(length)),
    vault.key,
  );

/** The additional data of a kept file's chunks: its address, so a sealed file cannot stand in for another. */
const fileIdOf = (cacheKey: string) => new URL(cacheKey).pathname;

async function* bodyPieces(response: Response): AsyncGenerator<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** Stores a whole (200) answer sealed, streaming: never more than two chunks of it in memory. */
export async function keepSealed(vault: VaultHandle, url: string, response: Response): Promise<void> {
  const key = sessionFileCacheKey(url);
  const sealed = sealChunks(bodyPieces(response), cipherOf(vault), fileIdOf(key));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await sealed.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const headers = { 'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream' };
  const cache = await caches.open(sessionFilesCache(vault.userKey));
  await cache.put(key, new Response(body, { status: 200, headers }));
}

/**
 * The kept copy of a file, opened for the page: the whole file, or for a Range request only the chunks that hold
 * the range (a 206). Null when this account keeps no copy.
 */
export async function openKept(vault: VaultHandle, request: Request): Promise<Response | null> {
  const key = sessionFileCacheKey(request.url);
  const cache = await caches.open(sessionFilesCache(vault.userKey));
  const kept = await cache.match(key, MATCH_OPTIONS);
  if (!kept) return null;
  const sealed = await kept.blob();
  const length = plainLengthOf(sealed.size);
  const type = kept.headers.get('Content-Type') ?? 'application/octet-stream';
  const read = (start: number, end: number) =>
    openRange(contiguousChunks(sealed), length, start, end, cipherOf(vault), fileIdOf(key));
  const asked = byteRange(request.headers.get('range') ?? undefined, length);
  if (asked.kind === 'whole') {
    return new Response(await read(0, length), {
      status: 200,
      headers: { 'Content-Type': type, 'Content-Length': String(length), 'Accept-Ranges': 'bytes' },
    });
  }
  if (asked.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${String(length)}` } });
  }
  // Past the last byte asked for; an open-ended ask gets at most OPEN_RANGE_BYTES, and the player asks again.
  const start = asked.range.start;
  const end = asked.openEnded ? Math.min(asked.range.end + 1, start + OPEN_RANGE_BYTES) : asked.range.end + 1;
  const bytes = await read(start, end);
  return new Response(bytes, {
    status: 206,
    headers: {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Content-Range': `bytes ${String(start)}-${String(end - 1)}/${String(length)}`,
      'Accept-Ranges': 'bytes',
    },
  });
}
