import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStorage, StoredFile } from './fileStorage.ts';
import { checkedKey, newStorageKey } from './storageKeys.ts';

/** Makes a rename durable: on Linux the directory entry only survives a power cut once the directory is fsynced. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under `root` (DATA_DIR/files): an upload streams to tmp/<key>.part while its size and SHA-256 are counted,
 * is fsynced, then renamed to <k0k1>/<key>, so a crash never leaves a half-written file under a real key.
 */
export function localDiskStorage(root: string): FileStorage {
  const tmpDir = path.join(root, 'tmp');
  const fileOf = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);

  return {
    async write(source: Readable): Promise<StoredFile> {
      const key = newStorageKey();
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${key}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, fs.createWriteStream(tmp, { flags: 'wx' }));
        const handle = await fs.promises.open(tmp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        const target = fileOf(key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
        await syncDirectory(path.dirname(target));
      } catch (error) {
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    read(key: string, range?: ByteRange): Readable {
      return fs.createReadStream(fileOf(key), range === undefined ? {} : { start: range.start, end: range.end });
    },

    async readAll(key: string): Promise<Buffer> {
      return fs.promises.readFile(fileOf(key));
    },

    async readBytes(key: string, start: number, length: number): Promise<Buffer> {
      const handle = await fs.promises.open(fileOf(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async delete(key: string): Promise<void> {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    async check(): Promise<void> {
      await fs.promises.mkdir(root, { recursive: true });
      await fs.promises.access(root, fs.constants.W_OK);
    },

    async sweepAbandonedUploads(olderThan: Date): Promise<number> {
      const names = await fs.promises.readdir(tmpDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat === null || stat.mtime >= olderThan) continue;
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
