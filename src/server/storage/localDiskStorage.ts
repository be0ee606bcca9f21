import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeBatched } from './batchedWrite.ts';
import type { ByteRange, FileStorage, StoredFile } from './fileStorage.ts';
import { checkedKey, isStorageKey, newStorageKey } from './storageKeys.ts';

/** Makes a rename durable: on Linux the directory entry only survives a power cut once the directory is fsynced. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The SHA-256 of a file's content (hex), read in one pass. */
async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Errors of a hard link that only say this file system or this file cannot take one: a copy still can. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

/**
 * Files under `root` (DATA_DIR/files): an upload streams to tmp/<key>.part while its size and SHA-256 are counted,
 * is fsynced, then renamed to <k0k1>/<key>, so a crash never leaves a half-written file under a real key.
 */
export function localDiskStorage(root: string): FileStorage {
  const tmpDir = path.join(root, 'tmp');
  const fileOf = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);

  const storage: FileStorage = {
    async write(source: Readable): Promise<StoredFile> {
      const key = newStorageKey();
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${key}.part`);
      const hash = createHash('sha256');
      let size = 0;
      let handle: fs.promises.FileHandle | undefined;
      try {
        handle = await fs.promises.open(tmp, 'wx');
        await writeBatched(source, handle, 0, (chunk) => {
          hash.update(chunk);
          size += chunk.length;
        });
        await handle.sync();
        await handle.close();
        handle = undefined;
        const target = fileOf(key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
        await syncDirectory(path.dirname(target));
      } catch (error) {
        source.destroy();
        await handle?.close().catch(() => undefined);
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    async adopt(file: string, sha256?: string): Promise<StoredFile> {
      // The source was made durable before its last byte was acknowledged; the link only adds a directory entry.
      const key = newStorageKey();
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.link(file, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (!NO_LINK.has(code)) throw error;
        return storage.write(fs.createReadStream(file));
      }
      try {
        await syncDirectory(path.dirname(target));
        const { size } = await fs.promises.stat(target);
        return { key, size, sha256: sha256 ?? (await hashFile(target)) };
      } catch (error) {
        await fs.promises.rm(target, { force: true });
        throw error;
      }
    },

    read(key: string, range?: ByteRange): Readable {
      return fs.createReadStream(fileOf(key), range === undefined ? {} : { start: range.start, end: range.end });
    },

    localPath: fileOf,

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

    async *listOlderThan(before: number): AsyncIterable<string> {
      const shards = await fs.promises.readdir(root).catch(() => []);
      for (const shard of shards.filter((name) => /^[0-9a-f]{2}$/.test(name))) {
        for (const key of await fs.promises.readdir(path.join(root, shard))) {
          if (!isStorageKey(key)) continue;
          const stat = await fs.promises.stat(path.join(root, shard, key)).catch(() => undefined);
          if (stat !== undefined && stat.mtimeMs < before) yield key;
        }
      }
    },

    async dropAbandonedWrites(before: number): Promise<number> {
      // A write in progress touches its part file with every chunk; one untouched since `before` lost its writer.
      let dropped = 0;
      for (const name of await fs.promises.readdir(tmpDir).catch(() => [])) {
        const file = path.join(tmpDir, name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (stat === undefined || stat.mtimeMs >= before) continue;
        await fs.promises.rm(file, { force: true });
        dropped += 1;
      }
      return dropped;
    },
  };
  return storage;
}
