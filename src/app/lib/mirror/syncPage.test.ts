import { describe, expect, it } from 'vitest';
import { testSession } from '#shared/sessions/testSession';
import type { Session } from '#shared/sessions/session';
import type { DeltaChunk } from './delta.ts';
import { storeSyncPage, type PageHead } from './syncPage.ts';

const bytesOf = (value: unknown): ArrayBuffer => new TextEncoder().encode(JSON.stringify(value)).buffer;

const sessions = (n: number): Session[] =>
  Array.from({ length: n }, (_, i) => testSession({ SubSessionID: `sub-${String(i)}` }));

const sizeOf = (step: DeltaChunk<Session>) => `${String(step.upserts.length)}/${String(step.deletes.length)}`;

/**
 * Records what the sink saw, in order: the head, each step as sealed, as its commit starts (`begin`) and ends
 * (`commit`), and as shown. A commit takes a few turns, as an IndexedDB transaction does.
 */
function recordingSink(failCommitAt = -1) {
  const events: string[] = [];
  const shown: DeltaChunk<Session>[] = [];
  let head: PageHead | undefined;
  let commits = 0;
  return {
    events,
    /** Without the sealing and the commits' starts: what was stored and shown. */
    stored: () => events.filter((event) => !event.startsWith('seal') && !event.startsWith('begin')),
    shown,
    head: () => head,
    sink: {
      head: (value: PageHead) => {
        head = value;
        events.push('head');
      },
      seal: (step: DeltaChunk<Session>) => {
        events.push(`seal ${sizeOf(step)}`);
        return Promise.resolve(new TextEncoder().encode(sizeOf(step)));
      },
      commit: async (sealed: Uint8Array) => {
        const size = new TextDecoder().decode(sealed);
        events.push(`begin ${size}`);
        for (let turn = 0; turn < 3; turn++) await Promise.resolve();
        if (commits++ === failCommitAt) throw new Error('QuotaExceededError');
        events.push(`commit ${size}`);
      },
      committed: (step: DeltaChunk<Session>) => {
        shown.push(step);
        events.push('shown');
      },
    },
  };
}

describe('storeSyncPage', () => {
  it('gives the cursor before storing, then commits each thousand-row step before it is shown', async () => {
    const page = { sessions: sessions(2500), deleted: [], serverTime: '2026-03-01T10:00:00.000Z', nextCursor: 'c2' };
    const seen = recordingSink();
    await storeSyncPage('sessions', bytesOf(page), true, seen.sink);
    expect(seen.stored()).toEqual([
      'head',
      'commit 1000/0',
      'shown',
      'commit 1000/0',
      'shown',
      'commit 500/0',
      'shown',
    ]);
    expect(seen.head()).toEqual({ serverTime: page.serverTime, nextCursor: 'c2', written: 2500, deleted: 0 });
    // A full answer's first page resets the list with its first step only.
    expect(seen.shown.map((step) => step.reset === true)).toEqual([true, false, false]);
    expect(seen.shown.flatMap((step) => step.upserts)).toEqual(page.sessions);
  });

  it('drops tombstoned rows and reads the last page (no cursor) of a delta', async () => {
    const rows = sessions(3);
    const page = { sessions: rows, deleted: [{ id: 'sub-1' }, { id: 'gone' }], serverTime: 't', nextCursor: null };
    const seen = recordingSink();
    await storeSyncPage('sessions', bytesOf(page), false, seen.sink);
    expect(seen.head()).toEqual({ serverTime: 't', nextCursor: null, written: 2, deleted: 2 });
    expect(seen.shown).toEqual([{ upserts: [rows[0], rows[2]], deletes: ['sub-1', 'gone'] }]);
  });

  it('shows nothing that was not stored: a failed commit stops the page there', async () => {
    const page = { sessions: sessions(2500), deleted: [], serverTime: 't', nextCursor: null };
    const seen = recordingSink(1);
    await expect(storeSyncPage('sessions', bytesOf(page), true, seen.sink)).rejects.toThrow('QuotaExceededError');
    expect(seen.shown).toHaveLength(1);
    expect(seen.stored()).toEqual(['head', 'commit 1000/0', 'shown']);
    // The third step may have been sealed meanwhile, but its commit never began.
    expect(seen.events.filter((event) => event.startsWith('begin'))).toEqual(['begin 1000/0', 'begin 1000/0']);
  });

  it("seals the next step while this one's commit runs, and commits one at a time, in order", async () => {
    const page = { sessions: sessions(2500), deleted: [], serverTime: 't', nextCursor: null };
    const seen = recordingSink();
    await storeSyncPage('sessions', bytesOf(page), true, seen.sink);
    expect(seen.events).toEqual([
      'head',
      'seal 1000/0',
      'begin 1000/0',
      'seal 1000/0',
      'commit 1000/0',
      'shown',
      'begin 1000/0',
      'seal 500/0',
      'commit 1000/0',
      'shown',
      'begin 500/0',
      'commit 500/0',
      'shown',
    ]);
  });

  it('refuses an answer that is not a page of the list', async () => {
    const seen = recordingSink();
    await expect(storeSyncPage('sessions', bytesOf({ patients: [] }), true, seen.sink)).rejects.toThrow(
      "The server's sessions page could not be read.",
    );
    expect(seen.events).toEqual([]);
  });
});
