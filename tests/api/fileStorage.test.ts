import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '#server/storage/fileStorage';
import { localDiskStorage } from '#server/storage/localDiskStorage';
import { s3Storage } from '#server/storage/s3Storage';
import { filesOnDisk } from './support/sessions.ts';
import { freshBucket, freshDirectory, objectsIn, STORAGE_KINDS, type StorageKind } from './support/storageKinds.ts';

/** One suite, run against the local disk and against an S3-compatible server over HTTP with the real AWS SDK. */
type Store = {
  storage: FileStorage;
  env: Record<string, string>;
  leftovers(): Promise<string[]>;
  drop(): Promise<void>;
};

async function openStore(kind: StorageKind): Promise<Store> {
  if (kind === 'local') {
    // The same place the server uses: DATA_DIR/files.
    const { dir, drop } = freshDirectory();
    const files = path.join(dir, 'files');
    return {
      storage: localDiskStorage(files),
      env: { DATA_DIR: dir },
      leftovers: () => Promise.resolve(filesOnDisk(files)),
      drop: () => Promise.resolve(drop()),
    };
  }
  const bucket = await freshBucket();
  return {
    storage: s3Storage(bucket.settings),
    env: bucket.env,
    leftovers: () => objectsIn(bucket.settings),
    drop: bucket.drop,
  };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const bytes = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251));

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A source that sends `good` bytes and, a moment later (time for a first multipart part to reach the store), fails
 * like a client whose connection drops mid-upload.
 */
function failingSource(good: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(Buffer.alloc(good, 2));
      setTimeout(() => this.destroy(new Error('connection reset by peer')), 500);
    },
  });
}

describe.each(STORAGE_KINDS)('file storage on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });

  it('stores a file under a fresh server-made key with its size and SHA-256, and reads it back', async () => {
    const data = bytes(100_000, 1);
    const first = await store.storage.write(Readable.from([data]));
    const second = await store.storage.write(Readable.from([data]));
    expect(first).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      size: data.length,
      sha256: sha256(data),
    });
    expect(second.key).not.toBe(first.key);
    expect((await store.storage.readAll(first.key)).equals(data)).toBe(true);
    expect((await readStream(store.storage.read(first.key))).equals(data)).toBe(true);
  });

  it('streams a file larger than one multipart part and keeps it intact', async () => {
    const data = bytes(19 * 2 ** 20 + 17, 3);
    const chunks = Array.from({ length: 20 }, (_, i) => data.subarray(i * 2 ** 20, (i + 1) * 2 ** 20));
    const stored = await store.storage.write(Readable.from(chunks));
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(sha256(data));
    expect(sha256(await store.storage.readAll(stored.key))).toBe(sha256(data));
  });

  it('answers byte ranges as inclusive ranges, including the last byte', async () => {
    const data = bytes(10_000, 5);
    const { key } = await store.storage.write(Readable.from([data]));
    expect((await readStream(store.storage.read(key, { start: 10, end: 19 }))).equals(data.subarray(10, 20))).toBe(
      true,
    );
    expect((await readStream(store.storage.read(key, { start: 9_999, end: 9_999 }))).equals(data.subarray(9_999))).toBe(
      true,
    );
    expect((await store.storage.readBytes(key, 9_990, 100)).equals(data.subarray(9_990))).toBe(true);
    expect((await store.storage.readBytes(key, 20_000, 8)).length).toBe(0);
    expect((await store.storage.readBytes(key, 0, 0)).length).toBe(0);
  });

  it('deletes a file, and deleting it again is not an error; a deleted file reads as not found', async () => {
    const { key } = await store.storage.write(Readable.from([Buffer.from('gone soon')]));
    await store.storage.delete(key);
    await store.storage.delete(key);
    await expect(store.storage.readAll(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readStream(store.storage.read(key))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps nothing of a write whose source fails, small or multipart', async () => {
    const before = await store.leftovers();
    await expect(store.storage.write(failingSource(1000))).rejects.toThrow('connection reset by peer');
    await expect(store.storage.write(failingSource(12 * 2 ** 20))).rejects.toThrow('connection reset by peer');
    expect(await store.leftovers()).toEqual(before);
  });

  it('writes side by side without mixing files', async () => {
    const inputs = [0, 1, 2, 3, 4].map((seed) => bytes(50_000 + seed, seed));
    const stored = await Promise.all(inputs.map((data) => store.storage.write(Readable.from([data]))));
    for (const [i, file] of stored.entries())
      expect(sha256(await store.storage.readAll(file.key))).toBe(sha256(inputs[i] ?? Buffer.alloc(0)));
    expect(new Set(stored.map((file) => file.key)).size).toBe(inputs.length);
  });

  it('rejects a key it did not make, before touching the store', async () => {
    await expect(store.storage.readAll('../../etc/passwd')).rejects.toThrow('Invalid storage key');
    expect(() => store.storage.read('../x')).toThrow('Invalid storage key');
  });

  it('lists the files older than a moment, for the orphan sweep', async () => {
    const { key } = await store.storage.write(Readable.from([Buffer.from('listed')]));
    const listed = async (before: number) => {
      const keys: string[] = [];
      for await (const found of store.storage.listOlderThan(before)) keys.push(found);
      return keys;
    };
    expect(await listed(Date.now() + 1_000)).toContain(key);
    expect(await listed(Date.now() - 60_000)).not.toContain(key);
  });

  it('is ready when it can be written', async () => {
    await expect(store.storage.check()).resolves.toBeUndefined();
  });

  it('sweeps what a process killed mid-upload left, and nothing else', async () => {
    const kept = await store.storage.write(Readable.from([Buffer.from('a complete file')]));
    const before = await store.leftovers();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/stalledWrite.ts'], {
      env: { ...process.env, NODE_ENV: 'test', ...store.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('stalled') && resolve());
      child.once('exit', (code) => reject(new Error(`the writer exited early (${String(code)})`)));
    });
    // Give the first 8 MiB part time to reach the store, then crash.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect((await store.leftovers()).length).toBeGreaterThan(before.length);

    // Only what began before the cut-off is swept: a write in progress now is not an abandoned one.
    expect(await store.storage.dropAbandonedWrites(Date.now() - 60_000)).toBe(0);
    expect(await store.storage.dropAbandonedWrites(Date.now() + 1_000)).toBe(1);
    expect(await store.leftovers()).toEqual(before);
    expect((await store.storage.readAll(kept.key)).toString()).toBe('a complete file');
  });
});

describe('file storage that cannot be reached', () => {
  it('is not ready when the bucket does not exist', async () => {
    const bucket = await freshBucket();
    const missing = s3Storage({ ...bucket.settings, bucket: 'gait-no-such-bucket' });
    await expect(missing.check()).rejects.toThrow();
    await bucket.drop();
  });

  it('is not ready when the directory cannot be written', async () => {
    const file = path.join(freshDirectory().dir, 'a-file');
    fs.writeFileSync(file, '');
    await expect(localDiskStorage(path.join(file, 'files')).check()).rejects.toThrow();
  });
});

describe('file storage on the local disk adopting a finished upload', () => {
  it('links the file under a fresh key without copying it, counts its SHA-256 when not given, and keeps the source', async () => {
    const { dir, drop } = freshDirectory();
    const storage = localDiskStorage(path.join(dir, 'files'));
    const source = path.join(dir, 'files', 'uploads', 'finished');
    fs.mkdirSync(path.dirname(source), { recursive: true });
    const data = bytes(300_000, 5);
    fs.writeFileSync(source, data);

    const counted = await storage.adopt?.(source);
    expect(counted).toMatchObject({ size: data.length, sha256: sha256(data) });
    const stored = await storage.readAll(counted?.key ?? '');
    expect(stored.equals(data)).toBe(true);
    // The same bytes on disk (one inode, two names), and the upload's own name still there until it is discarded.
    expect(fs.statSync(source).nlink).toBe(2);
    // A hash counted while the bytes arrived is taken as given.
    const given = await storage.adopt?.(source, 'ab'.repeat(32));
    expect(given).toMatchObject({ size: data.length, sha256: 'ab'.repeat(32) });
    expect(given?.key).not.toBe(counted?.key);
    drop();
  });
});
