import type { StorageConfig } from '#server/config';
import type { FileStorage } from './fileStorage.ts';
import { localDiskStorage } from './localDiskStorage.ts';
import { s3Storage } from './s3Storage.ts';

/** The configured file store: the local disk, or an S3-compatible bucket when S3_BUCKET is set. */
export function openStorage(config: StorageConfig): FileStorage {
  switch (config.kind) {
    case 'local':
      return localDiskStorage(config.dir);
    case 's3':
      return s3Storage(config.s3);
  }
}
