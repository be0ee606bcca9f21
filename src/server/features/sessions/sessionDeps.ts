import type { AppDeps } from '../../deps.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';

/** The session calls also need the file store, chosen from the configuration when the app is built. */
export type SessionDeps = AppDeps & { storage: FileStorage };
