import { MirrorDb } from './db.ts';
import { appendSealed, sealDelta } from './sealedRecords.ts';
import { storeSyncPage } from './syncPage.ts';
import type { SyncWorkerInput, SyncWorkerOutput } from './syncWorkerMessages.ts';

type WorkerScope = {
  onmessage: ((event: MessageEvent<SyncWorkerInput>) => void) | null;
  postMessage: (message: SyncWorkerOutput) => void;
};

const scope = self as unknown as WorkerScope;

let open: MirrorDb | undefined;
function database(name: string): MirrorDb {
  if (open?.name !== name) {
    open?.close();
    open = new MirrorDb(name);
  }
  return open;
}

/**
 * Reads, seals and stores the pages of a sync off the page's main thread: a 5,000-row page is megabytes to parse, and
 * sealing a thousand rows is a JSON.stringify, a TextEncoder pass and an AES-GCM call. The page gets the cursor of
 * the next page first, then each committed step to show. Pages are handled one after another, in the order sent.
 */
let queue: Promise<void> = Promise.resolve();
scope.onmessage = ({ data }) => {
  queue = queue.then(() => store(data));
};

async function store({ id, list, dbName, key, body, resetsList }: SyncWorkerInput): Promise<void> {
  try {
    const db = database(dbName);
    await storeSyncPage(list, body, resetsList, {
      head: (head) => scope.postMessage({ id, kind: 'head', head }),
      seal: (step) => sealDelta(list, step, key),
      commit: (sealed) => appendSealed(db, list, sealed),
      committed: (step) => scope.postMessage({ id, kind: 'step', step }),
    });
    scope.postMessage({ id, kind: 'done' });
  } catch (error) {
    scope.postMessage({ id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
