import type { StorageConfig } from '#server/config';
import type { FileStorage } from './fileStorage.ts';
import { localDiskStorage } from './localDiskStorage.ts';

/** The configured file store; the switch is where an S3-compatible store will join. */
export function openStorage(config: StorageConfig): FileStorage {
  switch (config.kind) {
    case 'local':
      return localDiskStorage(config.dir);
  }
}
