import { IDEMPOTENCY_HEADER } from '#shared/records/sync';
import { api } from '#app/lib/api';
import { queryClient } from '#app/lib/queryClient';
import { loginStore } from '#app/lib/storedLogin';
import { mirrorDb, type OutboxEntry } from './db.ts';
import type { MirrorList } from './lists.ts';
import { asAnswer, listsChangedBy, MutationError, MutationNetworkError, outcomeOf, type MutationAnswer } from './outboxPolicy.ts';
import { mirrorSyncKey } from './sync.ts';

export { MutationError, MutationNetworkError, type MutationAnswer } from './outboxPolicy.ts';

export type SubmitOptions = {
  /** The record the write is about, so a later conflict or replay can be shown beside it. */
  recordKey?: string;
  /** Lists to re-sync after success, when the call is not one listsChangedBy knows. */
  affects?: MirrorList[];
};

/**
 * Sends a write the way DESIGN.md Data flow 3 requires: first stored in the outbox under a fresh idempotency key,
 * then POSTed with that key, and removed only once the server confirmed it. Resolves to the server's body.
 * Rejects with MutationError when the server refused it (the entry is marked failed, or kept for a retryable
 * status), or with MutationNetworkError when the server was not reached (the entry stays queued for replay).
 */
export async function submitMutation<T extends MutationAnswer = MutationAnswer>(
  call: string,
  body: Record<string, unknown>,
  options: SubmitOptions = {},
): Promise<T> {
  const login = loginStore.read();
  if (!login) throw new Error('No login: the change cannot be sent.');
  const db = mirrorDb();
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    call,
    // Every call carries the user type (spec §6); the server checks it against the token.
    body: { UserType: login.loginType, ...body },
    state: 'queued',
    createdAt: new Date().toISOString(),
    ...(options.recordKey === undefined ? {} : { recordKey: options.recordKey }),
  };
  const seq = await db.outbox.add(entry);
  await db.outbox.update(seq, { state: 'sending' });

  let response: Response;
  try {
    response = await api.post(`/api/${call}`, {
      json: entry.body,
      headers: { [IDEMPOTENCY_HEADER]: entry.id },
      throwHttpErrors: false,
      retry: 0,
    });
  } catch (error) {
    await db.outbox.update(seq, { state: 'queued' });
    throw new MutationNetworkError(entry.id, { cause: error });
  }

  const answer = asAnswer(await response.json().catch(() => null));
  switch (outcomeOf(response.status)) {
    case 'done':
      await db.outbox.delete(seq);
      for (const list of options.affects ?? listsChangedBy(call)) {
        void queryClient.invalidateQueries({ queryKey: mirrorSyncKey(list) });
      }
      return answer as T;
    case 'failed':
      await db.outbox.update(seq, { state: 'failed', error: answer.error ?? `HTTP ${String(response.status)}` });
      throw new MutationError(response.status, answer);
    case 'retry':
      await db.outbox.update(seq, { state: 'queued', error: answer.error ?? `HTTP ${String(response.status)}` });
      throw new MutationError(response.status, answer);
  }
}
