import type { Readable } from 'node:stream';

/** A stored file: its server-made key, its length in bytes and the SHA-256 of its content (hex). */
export type StoredFile = { key: string; size: number; sha256: string };

import type { ByteRange } from '#shared/http/byteRange';

export type { ByteRange };

/**
 * Where session files live (docs/design.md Storage and durability). Keys are made by the storage, never taken from a
 * file name, so no upload can name a path. A write is all or nothing: a file is only visible under its key once it
 * is complete and durable. Two implementations: the local disk (localDiskStorage) and an S3-compatible object
 * store (s3Storage); tests/api/fileStorage.test.ts runs one suite against both.
 */
export type FileStorage = {
  /** Streams the source into a new file; on any error (including the source's) nothing is kept. */
  write(source: Readable): Promise<StoredFile>;
  /**
   * Takes a complete file that already lies on this store's disk (a finished resumable upload) by a hard link rather
   * than a copy: the same all-or-nothing rule, the source left in place. `sha256` is the content's hash when it was
   * counted as the bytes arrived; without it the file is read once to count it. Only a store on the local disk has
   * this; the caller streams with `write` otherwise.
   */
  adopt?(file: string, sha256?: string): Promise<StoredFile>;
  /** Streams a file, or one byte range of it. */
  read(key: string, range?: ByteRange): Readable;
  /**
   * Where a file lies on this server's disk, for a reader that opens it itself (the analysis worker), so that the
   * server does not hold it. Only a store on the local disk has this; the caller copies it to a file otherwise.
   */
  localPath?(key: string): string;
  /** Reads a whole (small) file, e.g. a text file to check or convert. */
  readAll(key: string): Promise<Buffer>;
  /** Reads up to `length` bytes from `start`, for checking a file's structure without reading it whole. */
  readBytes(key: string, start: number, length: number): Promise<Buffer>;
  /** Removes a file; removing one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file whose last change is older than `before` (epoch ms), for the orphan sweep. */
  listOlderThan(before: number): AsyncIterable<string>;
  /** Removes writes abandoned before `before` (a crash mid-upload); returns how many. */
  dropAbandonedWrites(before: number): Promise<number>;
  /** Throws unless the store can be written now (the readiness check of a load balancer). */
  check(): Promise<void>;
};
