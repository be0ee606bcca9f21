import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesGcmChunkCipher,
  CHUNK_BYTES,
  chunkCount,
  contiguousChunks,
  openRange,
  plainLengthOf,
  sealChunks,
  sealedLength,
  type AesGcmSubtle,
  type ByteSource,
} from './sealedChunks.ts';

const subtle = webcrypto.subtle as unknown as AesGcmSubtle<webcrypto.CryptoKey>;
const random = (length: number) => webcrypto.getRandomValues(new Uint8Array(length));

async function cipherWithNewKey() {
  const key = await webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return aesGcmChunkCipher(subtle, random, key);
}

/** Plain bytes whose value says where they are, in pieces of an awkward size, as a network stream delivers them. */
function plainFile(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = (i * 7 + (i >> 16)) & 0xff;
  return bytes;
}

async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function seal(bytes: Uint8Array, cipher: Awaited<ReturnType<typeof cipherWithNewKey>>, id: string) {
  const parts: Uint8Array[] = [];
  for await (const chunk of sealChunks(inPieces(bytes, 65_537), cipher, id)) parts.push(chunk);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Byte-for-byte equality without vitest's element-by-element diff (megabytes). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

const source = (bytes: Uint8Array) =>
  contiguousChunks({
    slice: (start, end) => ({ arrayBuffer: () => Promise.resolve(bytes.slice(start, end).buffer) }),
  } satisfies ByteSource);

describe('sealed chunks', () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 12_345])(
    'seals %i bytes into the predicted length and opens any range of them',
    async (length) => {
      const cipher = await cipherWithNewKey();
      const plain = plainFile(length);
      const sealed = await seal(plain, cipher, 'file-a');
      expect(sealed.length).toBe(sealedLength(length));
      expect(plainLengthOf(sealed.length)).toBe(length);
      expect(same(await openRange(source(sealed), length, 0, length, cipher, 'file-a'), plain)).toBe(true);
      const from = Math.floor(length / 3);
      const to = Math.min(length, from + CHUNK_BYTES + 17);
      expect(same(await openRange(source(sealed), length, from, to, cipher, 'file-a'), plain.slice(from, to))).toBe(
        true,
      );
    },
  );

  it('holds none of the plain bytes', async () => {
    const cipher = await cipherWithNewKey();
    const plain = new TextEncoder().encode('Olivia Bennett GP-1001 '.repeat(1000));
    const sealed = await seal(plain, cipher, 'file-b');
    expect(Buffer.from(sealed).includes(Buffer.from('Olivia'))).toBe(false);
  });

  it('refuses another key, another file, swapped chunks and a cut-off end', async () => {
    const cipher = await cipherWithNewKey();
    const length = 2 * CHUNK_BYTES + 100;
    const sealed = await seal(plainFile(length), cipher, 'file-c');
    await expect(openRange(source(sealed), length, 0, 10, await cipherWithNewKey(), 'file-c')).rejects.toThrow();
    await expect(openRange(source(sealed), length, 0, 10, cipher, 'file-d')).rejects.toThrow();
    const stride = CHUNK_BYTES + 28;
    const swapped = new Uint8Array(sealed);
    swapped.set(sealed.subarray(stride, 2 * stride), 0);
    swapped.set(sealed.subarray(0, stride), stride);
    await expect(openRange(source(swapped), length, 0, 10, cipher, 'file-c')).rejects.toThrow();
    // Dropping the last chunk and claiming the file ended at the second: its tag says it was not the last.
    expect(chunkCount(2 * CHUNK_BYTES)).toBe(2);
    await expect(
      openRange(
        source(sealed.subarray(0, 2 * stride)),
        2 * CHUNK_BYTES,
        CHUNK_BYTES,
        CHUNK_BYTES + 1,
        cipher,
        'file-c',
      ),
    ).rejects.toThrow();
  });
});
