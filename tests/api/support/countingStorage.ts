import type * as storageModule from '#server/storage/openStorage';

/**
 * The storage module with every whole read of a stored file noted in `readWhole` (its key), and every file written
 * in `written`, for the suites that count what a pipeline reads and writes: `vi.mock('#server/storage/openStorage',
 * …)` hands the real module to this.
 */
export function countingStorage(
  actual: typeof storageModule,
  readWhole: string[],
  written: string[] = [],
): typeof storageModule {
  return {
    ...actual,
    openStorage: (config) => {
      const storage = actual.openStorage(config);
      return {
        ...storage,
        localPath: storage.localPath?.bind(storage),
        read: (key, range) => {
          if (range === undefined) readWhole.push(key);
          return storage.read(key, range);
        },
        write: async (source) => {
          const stored = await storage.write(source);
          written.push(stored.key);
          return stored;
        },
        readAll: (key) => {
          readWhole.push(key);
          return storage.readAll(key);
        },
      };
    },
  };
}
