import type { AppDeps } from '#server/deps';
import type { FileStorage } from '#server/storage/fileStorage';

/** The session calls also need the file store, chosen from the configuration when the app is built. */
export type SessionDeps = AppDeps & { storage: FileStorage };
