import { IDEMPOTENCY_HEADER } from '#shared/records/sync';
import { api } from '#app/lib/api';
import { callPath } from '#app/lib/apiCall';
import { removeOutboxEntry, withMirrorDb, type OutboxEntry, type StoredOutboxEntry } from './db.ts';
import { asAnswer } from './outboxPolicy.ts';
import { entryRequest } from './outboxRequest.ts';
import { maySend, patchFor, transitionAfter, type SendOutcome, type Transition } from './outboxState.ts';
import { noteReachable } from './reachability.ts';
import { liveSenders, SENDER_ID } from './outboxSender.ts';
import { sendQueuedFiles, type FileProgressListener } from './outboxUpload.ts';
import { openEntry, sealedChangePatch } from './sealedOutbox.ts';

/**
 * Claims an entry for this sender in one IndexedDB transaction, so two tabs (or the drainer and a dialog) can never
 * send it at once. Undefined when it is gone, already claimed, or waits behind an earlier entry of its record.
 */
export async function claimEntry(seq: number): Promise<OutboxEntry | undefined> {
  // Asked before the transaction: awaiting anything but IndexedDB inside one would end it.
  const alive = await liveSenders();
  const claimed = await withMirrorDb((db) =>
    db.transaction('rw', db.outbox, async () => {
      const entry = await db.outbox.get(seq);
      if (!entry) return undefined;
      const sameRecord =
        entry.recordKey === undefined ? [] : await db.outbox.where('recordKey').equals(entry.recordKey).toArray();
      if (!maySend(entry, sameRecord, Date.now(), alive)) return undefined;
      const mine: StoredOutboxEntry = {
        ...entry,
        state: 'sending',
        sendingSince: new Date().toISOString(),
        sender: SENDER_ID,
        attempts: (entry.attempts ?? 0) + 1,
      };
      await db.outbox.put(mine);
      return mine;
    }),
  );
  // Opened after the claim's transaction: the change is sealed on the device.
  return claimed && openEntry(claimed);
}

/** POSTs a claimed entry under its idempotency key, after the files it carries (if any); never throws. */
export async function sendEntry(entry: OutboxEntry, onProgress?: FileProgressListener): Promise<SendOutcome> {
  try {
    if (entry.kind === 'session-upload') {
      const stopped = await sendQueuedFiles(entry, onProgress);
      if (stopped) return stopped;
    }
    const response = await api.post(callPath(entry.call), {
      ...entryRequest(entry),
      headers: { [IDEMPOTENCY_HEADER]: entry.id },
      throwHttpErrors: false,
      retry: 0,
    });
    const body = asAnswer(await response.json().catch(() => null));
    noteReachable(true);
    return { kind: 'answered', status: response.status, body };
  } catch {
    noteReachable(false);
    return { kind: 'unreachable' };
  }
}

/** Applies what the answer means to the stored entry, unless the user discarded it meanwhile. */
export async function settleEntry(entry: OutboxEntry, outcome: SendOutcome): Promise<Transition> {
  const transition = transitionAfter(outcome);
  const planned = patchFor(transition);
  const seq = entry.seq;
  if (seq === undefined) return transition;
  // The server's record of a conflict is patient data too: sealed with the change, before the transaction.
  const patch =
    planned !== 'delete' && transition.kind === 'conflict'
      ? {
          ...planned,
          ...(await sealedChangePatch({ body: entry.body, current: transition.current, subject: entry.subject })),
        }
      : planned;
  await withMirrorDb((db) =>
    db.transaction('rw', db.outbox, db.uploads, db.uploadChunks, async () => {
      // Keyed by the idempotency key too: after 'Keep mine' the same seq carries a new key and a new body.
      const stored = await db.outbox.get(seq);
      if (stored?.id !== entry.id) return;
      if (patch === 'delete') await removeOutboxEntry(db, seq);
      else await db.outbox.update(seq, patch);
    }),
  );
  return transition;
}
