import type { OutboxEntry, StoredOutboxEntry } from './db.ts';
import { outcomeOf, type MutationAnswer } from './outboxPolicy.ts';

/**
 * A claim older than this belongs to a tab that closed or crashed mid-send: the request's 30 s timeout has long
 * passed, so sending it again (under the same idempotency key) cannot apply it twice.
 */
export const SENDING_LEASE_MS = 60_000;

/** What became of one send. */
export type SendOutcome =
  | { kind: 'answered'; status: number; body: MutationAnswer }
  /** No answer: offline, DNS, timeout, or the connection dropped after the server may have applied it. */
  | { kind: 'unreachable' };

/** What to do with the entry afterwards. */
export type Transition =
  | { kind: 'remove' }
  /** Stays queued; `stopDrain` when sending more now is pointless (offline, throttled, server down). */
  | { kind: 'requeue'; error?: string; stopDrain: boolean }
  | { kind: 'fail'; error: string }
  | { kind: 'conflict'; error: string; current: Record<string, unknown> };

/** What the drainer decides by: an entry's bookkeeping, readable whether the change itself is sealed or open. */
export type Bookkeeping = Omit<StoredOutboxEntry, 'sealed'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** docs/design.md Data flow 3 and docs/api-records.md: only a 2xx lets an entry leave; a 409 with `current` is a conflict. */
export function transitionAfter(outcome: SendOutcome): Transition {
  if (outcome.kind === 'unreachable') return { kind: 'requeue', stopDrain: true };
  const { status, body } = outcome;
  const error = body.error ?? `The server answered ${String(status)}.`;
  switch (outcomeOf(status)) {
    case 'done':
      return { kind: 'remove' };
    case 'retry':
      return { kind: 'requeue', error, stopDrain: true };
    case 'failed':
      // A stale edit's 409 carries the record as it is now: the user chooses between the two versions.
      return status === 409 && isRecord(body.current)
        ? { kind: 'conflict', error, current: body.current }
        : { kind: 'fail', error };
  }
}

/**
 * The Dexie patch (or deletion) a transition makes; undefined fields clear what an earlier attempt left. A conflict's
 * server record is not in it: it is sealed with the change (outboxSend.ts settleEntry).
 */
export function patchFor(transition: Transition): Partial<StoredOutboxEntry> | 'delete' {
  switch (transition.kind) {
    case 'remove':
      return 'delete';
    case 'requeue':
      return { state: 'queued', error: transition.error, sendingSince: undefined, sender: undefined };
    case 'fail':
      return { state: 'failed', error: transition.error, sendingSince: undefined, sender: undefined };
    case 'conflict':
      return { state: 'conflict', error: transition.error, sendingSince: undefined, sender: undefined };
  }
}

function isClaimable(entry: Bookkeeping, now: number, alive?: ReadonlySet<string>): boolean {
  if (entry.state === 'queued') return true;
  if (entry.state !== 'sending') return false;
  // A claim made by a page that has gone (reloaded mid-send) is free at once, without waiting out the lease.
  if (alive !== undefined && entry.sender !== undefined && !alive.has(entry.sender)) return true;
  return !entry.sendingSince || now - Date.parse(entry.sendingSince) > SENDING_LEASE_MS;
}

/**
 * May this entry be sent now? Entries of one record go in creation order: while an earlier one for the same record
 * is unsent, sending, failed or in conflict, a later one waits (it was made on top of it). `entries` is every entry;
 * `alive` the senders whose page still lives (outboxSender.ts), when the browser can tell.
 */
export function maySend(
  entry: Bookkeeping,
  entries: readonly Bookkeeping[],
  now: number,
  alive?: ReadonlySet<string>,
): boolean {
  if (!isClaimable(entry, now, alive) || entry.seq === undefined) return false;
  if (entry.recordKey === undefined) return true;
  const seq = entry.seq;
  return !entries.some((other) => other.recordKey === entry.recordKey && other.seq !== undefined && other.seq < seq);
}

/** The entries a drain may send now, oldest first. */
export function sendableNow<E extends Bookkeeping>(
  entries: readonly E[],
  now: number,
  alive?: ReadonlySet<string>,
): E[] {
  return [...entries]
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .filter((entry) => maySend(entry, entries, now, alive));
}

/**
 * 'Keep mine' after a conflict: the same change on top of the server's version, under a new idempotency key (the
 * old key is bound to the 409 answer, which a replay would only repeat).
 */
export function keepMinePatch(
  entry: OutboxEntry,
  newId: string,
): { bookkeeping: Partial<Bookkeeping>; body: Record<string, unknown> } | undefined {
  const dateModified = entry.current?.DateModified;
  if (entry.state !== 'conflict' || dateModified === undefined) return undefined;
  return {
    bookkeeping: { id: newId, state: 'queued', error: undefined, sendingSince: undefined },
    body: { ...entry.body, DateModified: dateModified },
  };
}
