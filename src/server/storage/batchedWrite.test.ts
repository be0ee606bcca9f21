import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeBatched, type BatchTarget } from './batchedWrite.ts';

/** Chunks of 64 KiB with distinct bytes, as a socket hands them over: `count` of them, 64 KiB each. */
const chunks = (count: number) => Array.from({ length: count }, (_, k) => Buffer.alloc(65536, k % 251));

/** A file target that records each writev's size and, like a busy disk, sometimes takes only part of it. */
function recordingTarget(shortWrites: boolean) {
  const file = Buffer.alloc(16 * 2 ** 20);
  const calls: number[] = [];
  const target: BatchTarget = {
    writev(buffers, position) {
      const all = Buffer.concat(buffers.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)));
      const taken = shortWrites && all.length > 1000 ? all.length - 777 : all.length;
      all.copy(file, position ?? 0, 0, taken);
      calls.push(taken);
      return Promise.resolve({ bytesWritten: taken, buffers });
    },
  };
  return { file, calls, target };
}

describe('writeBatched', () => {
  it('writes every chunk in order from the position in a few large writes, and shows each chunk once', async () => {
    const sent = chunks(150);
    const { file, calls, target } = recordingTarget(false);
    const seen: Buffer[] = [];
    const written = await writeBatched(Readable.from(sent), target, 1000, (chunk) => seen.push(chunk));
    const whole = Buffer.concat(sent);
    expect(written).toBe(whole.length);
    expect(file.subarray(1000, 1000 + whole.length).equals(whole)).toBe(true);
    expect(seen.length === sent.length && seen.every((chunk, k) => chunk === sent[k])).toBe(true);
    // 150 chunks of 64 KiB (9.4 MiB) are three writes, not 150.
    expect(calls).toHaveLength(3);
  });

  it('goes on after a short write until every byte is in the file', async () => {
    const sent = chunks(70);
    const { file, target } = recordingTarget(true);
    const written = await writeBatched(Readable.from(sent), target, 0);
    const whole = Buffer.concat(sent);
    expect(written).toBe(whole.length);
    expect(file.subarray(0, whole.length).equals(whole)).toBe(true);
  });

  it('writes the bytes that arrived before a cut, then throws the cut', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batched-'));
    const handle = await fs.promises.open(path.join(dir, 'upload'), 'w+');
    const sent = chunks(3);
    const cut = new Error('socket hang up');
    const source = Readable.from(
      (async function* () {
        yield* sent;
        await Promise.resolve();
        throw cut;
      })(),
    );
    await expect(writeBatched(source, handle, 0)).rejects.toBe(cut);
    await handle.close();
    expect(fs.readFileSync(path.join(dir, 'upload')).equals(Buffer.concat(sent))).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });
});
