import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './fileStorage.ts';

/** A stored file as a path ffmpeg can open: where it lies on disk, or a copy from the bucket into `dir`. */
export async function fileOnDisk(storage: FileStorage, key: string, dir: string, name: string): Promise<string> {
  const local = storage.localPath?.(key);
  if (local !== undefined) return local;
  const copy = path.join(dir, name);
  await pipeline(storage.read(key), (await fs.open(copy, 'w')).createWriteStream());
  return copy;
}
