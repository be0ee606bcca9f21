import { describe, expect, it, vi } from 'vitest';
import { NOTIFY_EVERY_MS, RowStore, SYNC_NOTIFY_EVERY_MS } from './rowStore.ts';

type Row = { id: string; name: string };
const store = () => new RowStore<Row>((row) => row.id);

describe('RowStore', () => {
  it('is not ready until loaded, then serves the loaded rows', () => {
    const rows = store();
    expect(rows.getSnapshot()).toEqual({ rows: [], ready: false });
    rows.load([{ id: 'a', name: 'Ada' }]);
    expect(rows.getSnapshot()).toEqual({ rows: [{ id: 'a', name: 'Ada' }], ready: true });
  });

  it('keeps the same snapshot object while nothing changed', () => {
    const rows = store();
    rows.load([{ id: 'a', name: 'Ada' }]);
    expect(rows.getSnapshot()).toBe(rows.getSnapshot());
  });

  it('applies upserts and deletes and tells subscribers', () => {
    const rows = store();
    rows.load([
      { id: 'a', name: 'Ada' },
      { id: 'b', name: 'Bo' },
    ]);
    const listener = vi.fn();
    rows.subscribe(listener);
    rows.apply({
      upserts: [
        { id: 'a', name: 'Ada L' },
        { id: 'c', name: 'Cy' },
      ],
      deletes: ['b'],
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(rows.getSnapshot().rows).toEqual([
      { id: 'a', name: 'Ada L' },
      { id: 'c', name: 'Cy' },
    ]);
  });

  it('replays deltas committed during a load on top of what the load read', () => {
    const rows = store();
    rows.beginLoad();
    rows.apply({ upserts: [{ id: 'a', name: 'v2' }], deletes: [] });
    rows.apply({ upserts: [], deletes: ['b'] });
    // The load read the table after the first delta but before the second.
    rows.load([
      { id: 'a', name: 'v2' },
      { id: 'b', name: 'Bo' },
    ]);
    expect(rows.getSnapshot().rows).toEqual([{ id: 'a', name: 'v2' }]);
  });

  it('ignores deltas before anyone asked for the rows: the load will read them from the mirror', () => {
    const rows = store();
    rows.apply({ upserts: [{ id: 'x', name: 'Xi' }], deletes: [] });
    rows.beginLoad();
    rows.load([]);
    expect(rows.getSnapshot().rows).toEqual([]);
  });

  it('keeps deltas that arrive during a reload', () => {
    const rows = store();
    rows.load([{ id: 'a', name: 'Ada' }]);
    rows.beginLoad();
    rows.apply({ upserts: [{ id: 'n', name: 'New' }], deletes: [] });
    expect(rows.getSnapshot().rows).toEqual([{ id: 'a', name: 'Ada' }]);
    rows.load([{ id: 'a', name: 'Ada' }]);
    expect(rows.getSnapshot().rows.map((r) => r.id)).toEqual(['a', 'n']);
  });

  it('tells subscribers of a burst of deltas at once, then at most once a second, and never loses the last', () => {
    vi.useFakeTimers();
    try {
      const rows = store();
      rows.load([]);
      const listener = vi.fn();
      rows.subscribe(listener);
      for (let i = 0; i < 50; i++) rows.apply({ upserts: [{ id: String(i), name: `n${String(i)}` }], deletes: [] });
      expect(listener).toHaveBeenCalledTimes(1);
      // The rows are current for whoever reads them, notice or not.
      expect(rows.getSnapshot().rows).toHaveLength(50);
      vi.advanceTimersByTime(NOTIFY_EVERY_MS);
      expect(listener).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(10 * NOTIFY_EVERY_MS);
      expect(listener).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('during a sync, tells of the first page at once, then at most every few seconds, and of the rest when it ends', () => {
    vi.useFakeTimers();
    try {
      const rows = store();
      rows.load([]);
      const listener = vi.fn();
      rows.subscribe(listener);
      rows.beginSync();
      rows.apply({ upserts: [{ id: 'first', name: 'First page, first step' }], deletes: [] });
      rows.apply({ upserts: [{ id: 'second', name: 'First page, second step' }], deletes: [] });
      // Not step by step: a screen indexes the whole page once.
      expect(listener).toHaveBeenCalledTimes(0);
      rows.pageStored();
      expect(listener).toHaveBeenCalledTimes(1);
      expect(rows.getSnapshot().rows).toHaveLength(2);
      for (let i = 0; i < 30; i++) {
        rows.apply({ upserts: [{ id: String(i), name: `n${String(i)}` }], deletes: [] });
        rows.pageStored();
      }
      vi.advanceTimersByTime(NOTIFY_EVERY_MS);
      expect(listener).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(SYNC_NOTIFY_EVERY_MS - NOTIFY_EVERY_MS);
      expect(listener).toHaveBeenCalledTimes(2);
      rows.apply({ upserts: [{ id: 'last', name: 'Last page' }], deletes: [] });
      expect(listener).toHaveBeenCalledTimes(2);
      rows.endSync();
      expect(listener).toHaveBeenCalledTimes(3);
      expect(rows.getSnapshot().rows).toHaveLength(33);
      // Nothing was waiting: ending the sync tells no one.
      vi.advanceTimersByTime(10 * SYNC_NOTIFY_EVERY_MS);
      rows.endSync();
      expect(listener).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
