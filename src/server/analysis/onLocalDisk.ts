import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '#server/storage/fileStorage';

/**
 * Runs `use` with a path to the stored file on this server's disk: the file itself on the local disk, else (S3) a
 * temporary copy streamed from the store, removed once `use` is done. Never reads the file into memory.
 */
export async function onLocalDisk<T>(storage: FileStorage, key: string, use: (file: string) => Promise<T>): Promise<T> {
  if (storage.localPath !== undefined) return use(storage.localPath(key));
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'gait-analysis-'));
  try {
    const copy = path.join(dir, 'file');
    await pipeline(storage.read(key), fs.createWriteStream(copy));
    return await use(copy);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
