import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { StorageConfig } from '#server/config';
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { writeBatched } from './batchedWrite.ts';
import { DurableS3Store } from './durableS3Store.ts';
import { s3Client, s3ClientConfig } from './s3Storage.ts';

/**
 * S3 parts are 8 MiB (S3's minimum is 5 MiB): a PATCH's tail shorter than that is kept as one incomplete part object
 * until the next PATCH completes it, so a cut never loses acknowledged bytes. While a PATCH is in flight the store
 * buffers the part being cut in the OS temporary directory and deletes it once the part is in the bucket.
 */
const S3_PART_BYTES = 8 * 2 ** 20;

/** The SHA-256 of an upload's first `offset` bytes, counted as they arrived. */
type RunningHash = { hash: Hash; offset: number };
/** Uploads whose hash is kept at once; beyond this the oldest is forgotten (and hashed from its file if it finishes). */
const RUNNING_HASHES = 1000;

/**
 * The tus file store, with every PATCH made durable (fsync) before its new offset is acknowledged, and the content's
 * SHA-256 counted as the bytes arrive, so that a finished upload can be linked into the file store without reading
 * it again. The count goes on from PATCH to PATCH only while they continue where it stopped on this instance; a
 * PATCH that failed, or one another instance took, leaves the upload to be hashed from its file at the end.
 */
class DurableFileStore extends FileStore {
  private readonly hashes = new Map<string, RunningHash>();

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const running = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : this.hashes.get(id);
    this.hashes.delete(id);
    const counting = running?.offset === offset ? running : undefined;
    // FileStore.write's job, with the writes gathered into batches (batchedWrite.ts) instead of one per chunk.
    const handle = await fs.promises.open(path.join(this.directory, id), 'r+').catch((error: unknown) => {
      readable.destroy();
      throw error;
    });
    try {
      const counted = await writeBatched(readable, handle, offset, (chunk) => counting?.hash.update(chunk));
      if (counting !== undefined) {
        if (this.hashes.size >= RUNNING_HASHES) this.hashes.delete(this.hashes.keys().next().value ?? '');
        this.hashes.set(id, { hash: counting.hash, offset: offset + counted });
      }
      return offset + counted;
    } finally {
      // Also after a cut: the bytes that did arrive count towards the offset a resumed client is told.
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }

  /** The finished upload's file and, if its every byte was counted here, its SHA-256. */
  finished(id: string, size: number): FinishedFile {
    const running = this.hashes.get(id);
    return {
      path: path.join(this.directory, id),
      sha256: running?.offset === size ? running.hash.copy().digest('hex') : undefined,
    };
  }

  forget(id: string): void {
    this.hashes.delete(id);
  }
}

/** A finished upload's bytes as a file on the local disk, and their SHA-256 when counted as they arrived. */
type FinishedFile = { path: string; sha256: string | undefined };

/**
 * Where the bytes of unfinished uploads live, and under which id the store knows an upload. On the local disk they
 * are files under `<files>/uploads`; with S3 they are multipart uploads in the bucket under `<prefix>uploads/`
 * (with an `.info` object and, between PATCHes, a `.part` object for a tail shorter than a part), so any instance
 * can go on with an upload another one started and nothing of it stays on an instance's disk between requests.
 */
export type UploadStore = {
  store: DataStore;
  /** The whole file of a finished upload, by the store's id. */
  read(storeId: string): Promise<Readable>;
  /**
   * A finished upload of `size` bytes as a file on this instance's disk, for the file store to link instead of
   * copying; undefined where the store keeps no such file (S3).
   */
  file(storeId: string, size: number): FinishedFile | undefined;
  /** The store's id of an upload (what the tus server's hooks see) from its public id (what its URL shows). */
  storeId(uploadId: string): string;
  /** The public id of an upload from the store's id. */
  uploadId(storeId: string): string;
  /** Removes an upload's bytes and records, finished or not; one already gone is not an error. */
  discard(storeId: string): Promise<void>;
  /** Public ids of the uploads in the store created before `before` (epoch ms), for the orphan sweep. */
  listOlderThan(before: number): AsyncIterable<string>;
};

const UPLOAD_ID = /^[0-9a-f]{32}$/;

async function* filesOlderThan(directory: string, before: number): AsyncIterable<string> {
  for (const name of await fs.promises.readdir(directory).catch(() => [])) {
    const stat = await fs.promises.stat(path.join(directory, name)).catch(() => undefined);
    if (UPLOAD_ID.test(name) && stat !== undefined && stat.mtimeMs < before) yield name;
  }
}

/** An upload's `.info` object is written once, at creation: its date is the upload's. */
async function* objectsOlderThan(client: S3Client, bucket: string, prefix: string, before: number) {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
    for (const object of page.Contents ?? []) {
      const id = /^([0-9a-f]{32})\.info$/.exec(object.Key?.slice(prefix.length) ?? '')?.[1];
      if (id !== undefined && object.LastModified !== undefined && object.LastModified.getTime() < before) yield id;
    }
    ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (ContinuationToken !== undefined);
}

export function openUploadStore(config: StorageConfig): UploadStore {
  switch (config.kind) {
    case 'local': {
      const directory = path.join(config.dir, 'uploads');
      const store = new DurableFileStore({ directory });
      return {
        store,
        read: (id) => Promise.resolve(store.read(id)),
        file: (id, size) => store.finished(id, size),
        storeId: (id) => id,
        uploadId: (id) => id,
        listOlderThan: (before) => filesOlderThan(directory, before),
        discard: (id) => {
          store.forget(id);
          return store.remove(id).catch(() => undefined);
        },
      };
    }
    case 's3': {
      const prefix = `${config.s3.prefix}uploads/`;
      const store = new DurableS3Store({
        partSize: S3_PART_BYTES,
        // The client's settings (endpoint, path style, credentials, checksums) are the session files' own.
        s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
      });
      return {
        store,
        async read(id) {
          const body: unknown = await store.read(id);
          if (!(body instanceof Readable)) throw new Error('The object store answered without a body');
          return body;
        },
        file: () => undefined,
        storeId: (id) => `${prefix}${id}`,
        uploadId: (id) => id.slice(prefix.length),
        listOlderThan: (before) => objectsOlderThan(s3Client(config.s3), config.s3.bucket, prefix, before),
        async discard(id) {
          // S3Store.remove aborts the multipart upload and stops there when it is complete already (S3 answers
          // NoSuchUpload), leaving the object and its .info behind: the objects are deleted here in any case.
          await store.remove(id).catch(() => undefined);
          const client = s3Client(config.s3);
          const Objects = [id, `${id}.info`, `${id}.part`].map((Key) => ({ Key }));
          await client.send(new DeleteObjectsCommand({ Bucket: config.s3.bucket, Delete: { Objects } }));
          client.destroy();
        },
      };
    }
  }
}
