import type { Body, Query, Reply } from '#shared/api/calls';
import type { OutboxCall, QueuedCall, StagedFileCall } from '#app/lib/apiCall';
import { loginStore } from '#app/lib/storedLogin';
import { removeOutboxEntry, withMirrorDb, type OutboxEntry, type QueuedFile } from './db.ts';
import type { MirrorList } from './lists.ts';
import { drainOutbox, requestBackgroundSync } from './outboxDrain.ts';
import { listsChangedBy, MutationError, MutationNetworkError, type MutationAnswer } from './outboxPolicy.ts';
import { claimEntry, sendEntry, settleEntry } from './outboxSend.ts';
import { refreshLists } from './outboxRefresh.ts';
import { sealEntry, storeQueuedFiles } from './sealedOutbox.ts';
import type { FileProgressListener } from './outboxUpload.ts';

export { MutationError, MutationNetworkError, type MutationAnswer } from './outboxPolicy.ts';

export type SubmitOptions = {
  /** The record the write is about: its entries are sent in order, and a conflict is shown beside it. */
  recordKey?: string;
  /** Lists to re-sync after success, when the call is not one listsChangedBy knows. */
  affects?: MirrorList[];
  /** Files sent (resumably) before the call, e.g. an Add Session's recordings; stored with the entry first. */
  files?: QueuedFile[];
  /** Each file's confirmed bytes while this call sends them (a later drain reports to the outbox page only). */
  onProgress?: FileProgressListener;
};

/** What a queued file replacement adds: a name for the outbox page, since its body holds only ids. */
export type StagedFileOptions = Omit<SubmitOptions, 'files' | 'affects'> & { subject: string };

/**
 * Sends a write the way docs/design.md Data flow 3 requires: first stored in the outbox under a fresh idempotency key,
 * then POSTed with that key, and removed only once the server confirmed it. Resolves to the server's body.
 * Rejects with MutationNetworkError when it was not sent now (offline, or an earlier change of the same record
 * waits): it stays queued and the drainer sends it. Rejects with MutationError when the server refused it; the
 * dialog that is still open shows the refusal, so the entry leaves the outbox (a 401/429/5xx keeps it queued).
 */
export async function submitMutation<K extends OutboxCall>(
  call: K,
  body: Body<K> & object,
  options: SubmitOptions = {},
): Promise<Reply<K>> {
  return (await submitEntry(call, body, options)) as Reply<K>;
}

/**
 * Upload Session File through the outbox, as Add Session sends its files: the file is stored with the entry, sent
 * resumably under the query's FileUploadID (a dropped connection goes on from the server's offset), then the call
 * names it. Resolves and rejects as submitMutation.
 */
export async function submitStagedFile(
  query: Query<StagedFileCall> & { FileUploadID: string },
  file: QueuedFile,
  options: StagedFileOptions,
): Promise<Reply<StagedFileCall>> {
  return (await submitEntry('uploadSessionFile', query, { ...options, files: [file] })) as Reply<StagedFileCall>;
}

async function submitEntry(
  call: QueuedCall,
  body: object,
  options: SubmitOptions & { subject?: string },
): Promise<MutationAnswer> {
  const login = loginStore.read();
  if (!login) throw new Error('No login: the change cannot be sent.');
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    call,
    // Every call carries the user type (docs/spec.md §6); the server checks it against the token.
    body: { UserType: login.loginType, ...body },
    state: 'queued',
    attempts: 0,
    createdAt: new Date().toISOString(),
    ...(options.recordKey === undefined ? {} : { recordKey: options.recordKey }),
    ...(options.subject === undefined ? {} : { subject: options.subject }),
    ...(options.files === undefined ? {} : { kind: 'session-upload' as const, progress: 0 }),
  };
  // Sealed before the transaction (WebCrypto cannot run inside one); the files' chunks are written first.
  const stored = await sealEntry(entry);
  const files = options.files && (await withMirrorDb((db) => storeQueuedFiles(db, options.files ?? [])));
  // The entry and its files' list are stored in one transaction, before anything is sent.
  const seq = await withMirrorDb((db) =>
    db.transaction('rw', db.outbox, db.uploads, async () => {
      const added = await db.outbox.add(stored);
      if (files !== undefined) await db.uploads.add({ seq: added, files });
      return added;
    }),
  );

  const claimed = await claimEntry(seq);
  if (!claimed) {
    requestBackgroundSync();
    void drainOutbox();
    throw new MutationNetworkError(entry.id);
  }
  const outcome = await sendEntry(claimed, options.onProgress);
  const transition = await settleEntry(claimed, outcome);
  switch (transition.kind) {
    case 'remove':
      refreshLists(options.affects ?? listsChangedBy(call));
      // Later changes may have waited behind this one.
      void drainOutbox();
      // The server's 2xx answer to this call, as the call map documents it.
      return outcome.kind === 'answered' ? outcome.body : {};
    case 'requeue':
      requestBackgroundSync();
      if (outcome.kind === 'unreachable') throw new MutationNetworkError(entry.id);
      throw new MutationError(outcome.status, outcome.body);
    case 'fail':
    case 'conflict':
      await withMirrorDb((db) => removeOutboxEntry(db, seq));
      throw new MutationError(
        outcome.kind === 'answered' ? outcome.status : 0,
        outcome.kind === 'answered' ? outcome.body : {},
      );
  }
}
