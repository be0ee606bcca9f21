import { removeOutboxEntry, withMirrorDb } from './db.ts';
import { drainOutbox } from './outboxDrain.ts';
import { listsChangedBy } from './outboxPolicy.ts';
import { refreshLists } from './outboxRefresh.ts';
import { keepMinePatch } from './outboxState.ts';
import { openEntry, sealedChangePatch } from './sealedOutbox.ts';

/** The outbox page's Retry: a failed entry goes back in the queue (e.g. after an access change on the server). */
export async function retryEntry(seq: number): Promise<void> {
  await withMirrorDb((db) =>
    db.transaction('rw', db.outbox, async () => {
      const entry = await db.outbox.get(seq);
      if (entry?.state === 'failed') await db.outbox.update(seq, { state: 'queued' });
    }),
  );
  await drainOutbox();
}

/** The user gave the change up (after confirming); the mirror shows the server's record again. */
export async function discardEntry(seq: number): Promise<void> {
  const entry = await withMirrorDb((db) => db.outbox.get(seq));
  await withMirrorDb((db) => removeOutboxEntry(db, seq));
  if (entry) refreshLists(listsChangedBy(entry.call));
}

/** Conflict resolved as 'Keep mine': resent on top of the server's version under a new idempotency key. */
export async function keepMine(seq: number): Promise<void> {
  // Opened and resealed outside the transaction; inside, applied only if the entry is still that conflict.
  const stored = await withMirrorDb((db) => db.outbox.get(seq));
  const opened = stored && (await openEntry(stored));
  const plan = opened && keepMinePatch(opened, crypto.randomUUID());
  if (!stored || !plan) return;
  const patch = { ...plan.bookkeeping, ...(await sealedChangePatch({ body: plan.body, subject: opened.subject })) };
  const resolved = await withMirrorDb((db) =>
    db.transaction('rw', db.outbox, async () => {
      const entry = await db.outbox.get(seq);
      if (entry?.state !== 'conflict' || entry.id !== stored.id) return false;
      await db.outbox.update(seq, patch);
      return true;
    }),
  );
  if (resolved) await drainOutbox();
}

/** Conflict resolved as "Keep the server's": the change is dropped and the mirror fetches the server's record. */
export function keepServers(seq: number): Promise<void> {
  return discardEntry(seq);
}
