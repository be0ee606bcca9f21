import { describe, expect, it } from 'vitest';
import { outcomeOf } from './outboxPolicy.ts';
import type { OutboxEntry } from './db.ts';
import { keepMinePatch, maySend, patchFor, SENDING_LEASE_MS, sendableNow, transitionAfter } from './outboxState.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function entry(
  seq: number,
  recordKey: string | undefined,
  state: OutboxEntry['state'],
  extra: Partial<OutboxEntry> = {},
): OutboxEntry {
  return {
    seq,
    id: `key-${String(seq)}`,
    call: 'updatePatient',
    body: {},
    state,
    createdAt: '2026-11-22T11:00:00Z',
    ...(recordKey ? { recordKey } : {}),
    ...extra,
  };
}

describe('sendableNow', () => {
  it('sends in creation order, one entry per record at a time', () => {
    const entries = [
      entry(3, 'b', 'queued'),
      entry(1, 'a', 'queued'),
      entry(2, 'a', 'queued'),
      entry(4, undefined, 'queued'),
    ];
    expect(sendableNow(entries, NOW).map((e) => e.seq)).toEqual([1, 3, 4]);
  });

  it("holds a record's later entries while an earlier one failed or conflicts, and lets other records through", () => {
    for (const blocking of ['failed', 'conflict', 'sending'] as const) {
      const entries = [
        entry(1, 'a', blocking, { sendingSince: new Date(NOW).toISOString() }),
        entry(2, 'a', 'queued'),
        entry(3, 'b', 'queued'),
      ];
      expect(sendableNow(entries, NOW).map((e) => e.seq)).toEqual([3]);
    }
  });

  it('takes over a send whose tab died, once the lease ran out', () => {
    const stale = entry(1, 'a', 'sending', { sendingSince: new Date(NOW - SENDING_LEASE_MS - 1).toISOString() });
    const fresh = entry(2, 'b', 'sending', { sendingSince: new Date(NOW - 1_000).toISOString() });
    expect(maySend(stale, [stale], NOW)).toBe(true);
    expect(maySend(fresh, [fresh], NOW)).toBe(false);
  });

  it('takes over at once a send whose page is gone (reloaded mid-send), but not one of a live page', () => {
    const since = new Date(NOW - 1_000).toISOString();
    const orphaned = entry(1, 'a', 'sending', { sendingSince: since, sender: 'old-page' });
    const live = entry(2, 'b', 'sending', { sendingSince: since, sender: 'this-page' });
    const alive = new Set(['this-page']);
    expect(maySend(orphaned, [orphaned], NOW, alive)).toBe(true);
    expect(maySend(live, [live], NOW, alive)).toBe(false);
    expect(maySend(orphaned, [orphaned], NOW)).toBe(false);
  });

  it('never sends failed or conflicting entries by itself', () => {
    expect(sendableNow([entry(1, 'a', 'failed'), entry(2, 'b', 'conflict')], NOW)).toEqual([]);
  });
});

describe('transitionAfter', () => {
  it('removes the entry only on a 2xx', () => {
    expect(transitionAfter({ kind: 'answered', status: 200, body: {} })).toEqual({ kind: 'remove' });
    expect(patchFor({ kind: 'remove' })).toBe('delete');
  });

  it('keeps an unsent entry queued when the server was not reached, and stops the drain', () => {
    const transition = transitionAfter({ kind: 'unreachable' });
    expect(transition).toEqual({ kind: 'requeue', stopDrain: true });
    expect(patchFor(transition)).toMatchObject({ state: 'queued' });
  });

  it("marks validation and access refusals failed with the server's message", () => {
    for (const status of [400, 403, 404, 413, 415]) {
      const transition = transitionAfter({ kind: 'answered', status, body: { error: 'Notes is too long' } });
      expect(transition).toEqual({ kind: 'fail', error: 'Notes is too long' });
      expect(patchFor(transition)).toMatchObject({ state: 'failed', error: 'Notes is too long' });
    }
  });

  it('holds both versions on a 409 with the current record', () => {
    const current = { Forename: 'Ada', DateModified: '2026-11-22T11:30:00.000Z' };
    const transition = transitionAfter({ kind: 'answered', status: 409, body: { error: 'stale', current } });
    expect(transition).toEqual({ kind: 'conflict', error: 'stale', current });
    // The server's record is stored sealed with the change (settleEntry), never in the readable bookkeeping.
    expect(patchFor(transition)).toEqual({
      state: 'conflict',
      error: 'stale',
      sendingSince: undefined,
      sender: undefined,
    });
  });

  it('fails a 409 without a current record (e.g. a clinic that still has patients)', () => {
    expect(transitionAfter({ kind: 'answered', status: 409, body: { error: 'has patients' } })).toEqual({
      kind: 'fail',
      error: 'has patients',
    });
  });

  it('retries later what may pass: expired token, throttling, server errors', () => {
    for (const status of [401, 408, 429, 500, 503]) {
      expect(transitionAfter({ kind: 'answered', status, body: {} })).toMatchObject({
        kind: 'requeue',
        stopDrain: true,
      });
    }
  });
});

describe('transitionAfter and outcomeOf', () => {
  it('classify every status the same way: one rule for the outbox and for a file sent at once', () => {
    const kindFor = { done: 'remove', retry: 'requeue', failed: 'fail' } as const;
    for (let status = 100; status < 600; status += 1) {
      const transition = transitionAfter({ kind: 'answered', status, body: {} });
      expect(transition.kind, String(status)).toBe(kindFor[outcomeOf(status)]);
    }
  });
});

describe('keepMinePatch', () => {
  it("resends my body on top of the server's version under a new key", () => {
    const conflict = entry(1, 'a', 'conflict', {
      body: { Forename: 'Mine', DateModified: 'old' },
      current: { DateModified: 'new' },
    });
    expect(keepMinePatch(conflict, 'key-2')).toMatchObject({
      bookkeeping: { id: 'key-2', state: 'queued' },
      body: { Forename: 'Mine', DateModified: 'new' },
    });
  });

  it('does nothing for an entry that is not in conflict', () => {
    expect(keepMinePatch(entry(1, 'a', 'queued'), 'key-2')).toBeUndefined();
  });
});
