import type { DeltaChunk } from './delta.ts';
import type { MirrorList } from './lists.ts';
import type { PageHead } from './syncPage.ts';

// The messages between the tab and the sync worker, in a file of their own: the tab's side (syncWorkerClient.ts)
// and the worker's (syncWorker.ts) both need them, and the worker opens the database the tab's side is part of.

/**
 * One page to store: the answer's bytes as the server sent them (transferred, not copied), the mirror database's
 * name, and the tab's vault key, which lives only in the tab's memory and is handed over with each page.
 */
export type SyncWorkerInput = {
  id: number;
  list: MirrorList;
  dbName: string;
  key: CryptoKey;
  body: ArrayBuffer;
  resetsList: boolean;
};

export type SyncWorkerOutput =
  | { id: number; kind: 'head'; head: PageHead }
  | { id: number; kind: 'step'; step: DeltaChunk<unknown> }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'failed'; message: string };
