import type { SessionAnalyser } from '#server/analysis/sessionAnalyser';
import type { AppDeps } from '#server/deps';
import type { FileStorage } from '#server/storage/fileStorage';

/** What the files need beside the app's deps: the file store, chosen from the configuration when the app is built. */
export type StorageDeps = AppDeps & { storage: FileStorage };

/** The session calls also analyse session files, in a worker thread. */
export type SessionDeps = StorageDeps & { analyser: SessionAnalyser };
