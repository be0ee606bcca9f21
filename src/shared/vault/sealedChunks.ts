/**
 * The on-device format of a sealed file (a kept recording, a queued upload): the plain bytes cut into chunks of
 * CHUNK_BYTES, each sealed on its own with AES-GCM (12-byte IV, 16-byte tag), so one range of a long video can be
 * read without opening the whole file. Each chunk's additional data names the file, the chunk's place and whether it
 * is the last, so chunks cannot be swapped between files, reordered or cut off unnoticed (the STREAM construction of
 * Hoang, Reyhanitabar, Rogaway and Vizár, "Online Authenticated-Encryption and its Nonce-Reuse Misuse-Resistance",
 * CRYPTO 2015). The cipher itself is WebCrypto, handed in by the page or the service worker.
 */

export const CHUNK_BYTES = 2 ** 20;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CHUNK_OVERHEAD = IV_BYTES + TAG_BYTES;

/** Seals and opens one chunk; `aad` is authenticated, not encrypted. */
export type ChunkCipher = {
  seal: (plain: Uint8Array, aad: Uint8Array) => Promise<Uint8Array>;
  open: (sealed: Uint8Array, aad: Uint8Array) => Promise<Uint8Array>;
};

/** Anything that can hand out byte ranges: a Blob, or a test's array. */
export type ByteSource = { slice: (start: number, end: number) => { arrayBuffer: () => Promise<ArrayBuffer> } };

/** Hands out sealed chunk `index` (`sealedSize` bytes long), wherever the chunks are kept. */
export type SealedChunkReader = (index: number, sealedSize: number) => Promise<Uint8Array>;

/** The chunks of a sealed file kept as one run of bytes (a cached response's body, a Blob). */
export function contiguousChunks(source: ByteSource): SealedChunkReader {
  return async (index, sealedSize) => {
    const at = index * (CHUNK_BYTES + CHUNK_OVERHEAD);
    return new Uint8Array(await source.slice(at, at + sealedSize).arrayBuffer());
  };
}

export const chunkCount = (plainLength: number) => Math.max(1, Math.ceil(plainLength / CHUNK_BYTES));

export const sealedLength = (plainLength: number) => plainLength + chunkCount(plainLength) * CHUNK_OVERHEAD;

/** The plain length of a sealed file from its own size (every chunk but the last is full). */
export const plainLengthOf = (sealedSize: number) =>
  sealedSize - Math.max(1, Math.ceil(sealedSize / (CHUNK_BYTES + CHUNK_OVERHEAD))) * CHUNK_OVERHEAD;

const encoder = { encode: (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff) };

/** What a chunk's tag vouches for besides its bytes (file names here are ASCII addresses or ids). */
const chunkAad = (fileId: string, index: number, last: boolean) =>
  encoder.encode(`${fileId}\n${String(index)}\n${last ? 'last' : 'more'}`);

/** Bytes received in pieces of any size, taken out in chunks without copying each piece more than once. */
class ByteQueue {
  private pieces: Uint8Array[] = [];
  length = 0;

  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    this.length += piece.length;
  }

  take(count: number): Uint8Array {
    const out = new Uint8Array(Math.min(count, this.length));
    let filled = 0;
    while (filled < out.length) {
      const piece = this.pieces[0];
      if (!piece) break;
      const used = Math.min(piece.length, out.length - filled);
      out.set(piece.subarray(0, used), filled);
      filled += used;
      if (used === piece.length) this.pieces.shift();
      else this.pieces[0] = piece.subarray(used);
    }
    this.length -= filled;
    return out;
  }
}

/**
 * Seals a stream of plain bytes chunk by chunk as they arrive; memory holds about two chunks whatever the file's
 * size. A full chunk is sealed once a byte after it has arrived, because only then is it known not to be the last.
 */
export async function* sealChunks(
  plain: AsyncIterable<Uint8Array>,
  cipher: ChunkCipher,
  fileId: string,
): AsyncGenerator<Uint8Array> {
  const queue = new ByteQueue();
  let index = 0;
  for await (const piece of plain) {
    queue.push(piece);
    while (queue.length > CHUNK_BYTES) {
      yield await cipher.seal(queue.take(CHUNK_BYTES), chunkAad(fileId, index, false));
      index += 1;
    }
  }
  yield await cipher.seal(queue.take(CHUNK_BYTES), chunkAad(fileId, index, true));
}

/** The plain bytes [start, end) of a sealed file of `plainLength` bytes, opening only the chunks that hold them. */
export async function openRange(
  read: SealedChunkReader,
  plainLength: number,
  start: number,
  end: number,
  cipher: ChunkCipher,
  fileId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const to = Math.min(end, plainLength);
  const out = new Uint8Array(Math.max(0, to - start));
  if (out.length === 0) return out;
  const count = chunkCount(plainLength);
  const first = Math.floor(start / CHUNK_BYTES);
  const last = Math.floor((to - 1) / CHUNK_BYTES);
  for (let index = first; index <= last; index += 1) {
    const plainSize = Math.min(CHUNK_BYTES, plainLength - index * CHUNK_BYTES);
    const bytes = await read(index, plainSize + CHUNK_OVERHEAD);
    const chunk = await cipher.open(bytes, chunkAad(fileId, index, index === count - 1));
    const from = Math.max(start - index * CHUNK_BYTES, 0);
    const until = Math.min(to - index * CHUNK_BYTES, chunk.length);
    out.set(chunk.subarray(from, until), index * CHUNK_BYTES + from - start);
  }
  return out;
}

/** The parameters WebCrypto's AES-GCM takes; typed here because shared code has no DOM library. */
type AesGcmParams = { name: 'AES-GCM'; iv: Uint8Array<ArrayBuffer>; additionalData: Uint8Array<ArrayBuffer> };
export type AesGcmSubtle<K> = {
  encrypt: (params: AesGcmParams, key: K, data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;
  decrypt: (params: AesGcmParams, key: K, data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;
};

const owned = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** A ChunkCipher over WebCrypto AES-GCM with a fresh random 96-bit IV per chunk (NIST SP 800-38D, 8.2.2). */
export function aesGcmChunkCipher<K>(
  subtle: AesGcmSubtle<K>,
  randomBytes: (length: number) => Uint8Array,
  key: K,
): ChunkCipher {
  return {
    seal: async (plain, aad) => {
      const iv = owned(randomBytes(IV_BYTES));
      const body = new Uint8Array(
        await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: owned(aad) }, key, owned(plain)),
      );
      const out = new Uint8Array(IV_BYTES + body.length);
      out.set(iv);
      out.set(body, IV_BYTES);
      return out;
    },
    open: async (sealed, aad) =>
      new Uint8Array(
        await subtle.decrypt(
          { name: 'AES-GCM', iv: owned(sealed.subarray(0, IV_BYTES)), additionalData: owned(aad) },
          key,
          owned(sealed.subarray(IV_BYTES)),
        ),
      ),
  };
}
