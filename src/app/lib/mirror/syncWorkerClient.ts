import type { DeltaChunk } from './delta.ts';
import type { PageHead } from './syncPage.ts';
import type { SyncWorkerInput, SyncWorkerOutput } from './syncWorkerMessages.ts';

type Pending = {
  onHead: (head: PageHead) => void;
  onStep: (step: DeltaChunk<unknown>) => void;
  resolve: () => void;
  reject: (error: Error) => void;
};

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(message: string): void {
  for (const page of pending.values()) page.reject(new Error(message));
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./syncWorker.ts', import.meta.url), { type: 'module' });
  created.onmessage = ({ data }: MessageEvent<SyncWorkerOutput>) => {
    const page = pending.get(data.id);
    if (!page) return;
    switch (data.kind) {
      case 'head':
        page.onHead(data.head);
        return;
      case 'step':
        page.onStep(data.step);
        return;
      case 'done':
        pending.delete(data.id);
        page.resolve();
        return;
      case 'failed':
        pending.delete(data.id);
        page.reject(new Error(data.message));
    }
  };
  created.onerror = (event) => {
    event.preventDefault();
    created.terminate();
    worker = undefined;
    failAll('The offline copy could not be updated on this device.');
  };
  worker = created;
  return created;
}

export type PageInWorker = {
  /** The page's serverTime and next cursor, as soon as the worker has read it. */
  head: Promise<PageHead>;
  /** Every step of the page committed to the mirror (and handed to `onStep`, in order). */
  stored: Promise<void>;
};

/**
 * Hands one page of a list answer (the body's bytes, transferred) to the sync worker, which reads, seals and stores
 * it; `onStep` receives each step once it is committed, in order, to apply to the rows in memory.
 */
export function storePageInWorker<T>(
  input: Omit<SyncWorkerInput, 'id'>,
  onStep: (step: DeltaChunk<T>) => void,
): PageInWorker {
  const id = nextId++;
  let onHead: (head: PageHead) => void = () => undefined;
  let failHead: (error: Error) => void = () => undefined;
  const head = new Promise<PageHead>((resolve, reject) => {
    onHead = resolve;
    failHead = reject;
  });
  const stored = new Promise<void>((resolve, reject) => {
    pending.set(id, {
      onHead,
      // The worker stores what the server sent for this list; the rows are the list's own type.
      onStep: onStep as (step: DeltaChunk<unknown>) => void,
      resolve,
      reject: (error) => {
        failHead(error);
        reject(error);
      },
    });
  });
  // A failure reaches the caller through whichever it awaits; the other must not count as unhandled.
  head.catch(() => undefined);
  const message: SyncWorkerInput = { id, ...input };
  started().postMessage(message, [input.body]);
  return { head, stored };
}

/** Logout or another user: the worker (and any page it was storing, with the vault key it held) goes at once. */
export function stopSyncWorker(): void {
  worker?.terminate();
  worker = undefined;
  failAll('The sync stopped: the offline copy was closed.');
}
