import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, chunked, modifiedSinceFor, planDelta, replayDeltas } from './delta.ts';

type Row = { id: string; v: number };
const keyOf = (row: Row) => row.id;
const rows = (n: number, prefix = 'r'): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${String(i)}`, v: i }));

describe('modifiedSinceFor', () => {
  it('asks from two minutes before the last server time', () => {
    expect(modifiedSinceFor('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T09:58:00.000Z');
  });

  it('asks for everything on the first sync or after a garbled time', () => {
    expect(modifiedSinceFor(undefined)).toBeUndefined();
    expect(modifiedSinceFor('yesterday')).toBeUndefined();
  });
});

describe('chunked', () => {
  it('splits into chunks of at most the size, keeping order', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([], 2)).toEqual([]);
  });
});

describe('planDelta', () => {
  it('writes 100,000 rows in chunks of about a thousand', () => {
    const plan = planDelta(rows(100_000), [], keyOf, false);
    expect(plan).toHaveLength(100_000 / CHUNK_SIZE);
    expect(plan.every((step) => step.upserts.length === CHUNK_SIZE)).toBe(true);
  });

  it('drops tombstoned ids, and a tombstone beats a record in the same answer', () => {
    const plan = planDelta(
      [
        { id: 'a', v: 1 },
        { id: 'b', v: 2 },
      ],
      [
        { id: 'b', DateModified: 'x' },
        { id: 'z', DateModified: 'y' },
      ],
      keyOf,
      false,
    );
    expect(plan).toEqual([{ upserts: [{ id: 'a', v: 1 }], deletes: ['b', 'z'] }]);
  });

  it('starts a full answer afresh, so rows the server no longer lists are gone', () => {
    const plan = planDelta([{ id: 'a', v: 1 }], [], keyOf, true);
    expect(plan).toEqual([{ upserts: [{ id: 'a', v: 1 }], deletes: [], reset: true }]);
    const mirrored = [{ id: 'gone', v: 0 }];
    expect(replayDeltas([{ upserts: mirrored, deletes: [] }, ...plan], keyOf)).toEqual([{ id: 'a', v: 1 }]);
  });

  it('empties the list on an empty full answer, and plans nothing for an empty delta', () => {
    expect(planDelta([], [], keyOf, true)).toEqual([{ upserts: [], deletes: [], reset: true }]);
    expect(planDelta([], [], keyOf, false)).toEqual([]);
  });
});

describe('replayDeltas', () => {
  it('applies the log in order: later writes win, deletes remove, a reset clears what came before', () => {
    const log = [
      { upserts: rows(3), deletes: [] },
      { upserts: [{ id: 'r1', v: 10 }], deletes: ['r0'] },
      { upserts: [{ id: 'r9', v: 9 }], deletes: ['r2'] },
    ];
    expect(replayDeltas(log, keyOf)).toEqual([
      { id: 'r1', v: 10 },
      { id: 'r9', v: 9 },
    ]);
    expect(replayDeltas([...log, { upserts: [{ id: 'x', v: 0 }], deletes: [], reset: true }], keyOf)).toEqual([
      { id: 'x', v: 0 },
    ]);
  });
});
