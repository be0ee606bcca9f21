import type { DeltaChunk } from './delta.ts';

/**
 * Screens hear of new rows at most this often: a first sync of 100,000 rows arrives in a hundred chunks, and every
 * notice makes the screen sort and index the whole list again. The first notice of a burst is immediate.
 */
export const NOTIFY_EVERY_MS = 1000;

/**
 * While a sync is fetching pages, screens hear of its rows when a whole page is stored: the first page at once, later
 * ones at most this often, and the rest when the sync ends. At 100,000 sessions each notice costs the session browser
 * a second of sorting and indexing in slices, most of it thrown away when the next notice comes; and a notice after a
 * page's first thousand rows only, rather than its five thousand, was indexed in one piece (a long task).
 */
export const SYNC_NOTIFY_EVERY_MS = 5000;

/** A list's rows as screens read them; the same object until the rows change (useSyncExternalStore needs that). */
export type MirrorRows<T> = { rows: readonly T[]; ready: boolean };

/**
 * The open list held in memory, so filtering 100k rows never waits on IndexedDB per keystroke
 * (docs/design.md Data flow 2). It knows nothing of Dexie: the caller loads it and feeds it the deltas
 * it committed, which keeps this logic testable in node.
 */
export class RowStore<T> {
  private rows = new Map<string, T>();
  /**
   * idle: nobody has read the list yet, so deltas are only in Dexie; loading: deltas committed while the load
   * reads are kept and replayed in commit order on top of what it read; ready: deltas apply at once.
   */
  private state: 'idle' | 'loading' | 'ready' = 'idle';
  private pending: DeltaChunk<T>[] = [];
  private snapshot: MirrorRows<T> = { rows: [], ready: false };
  private stale = false;
  private readonly listeners = new Set<() => void>();
  private lastNotice = -Infinity;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private noticeEvery = NOTIFY_EVERY_MS;
  /** A sync is storing pages: its steps are told of at page ends (pageStored), not one by one. */
  private syncing = false;
  /** Rows changed since subscribers were last told. */
  private untold = false;
  /** The serverTime whose rows this store already holds, so its own sync does not trigger a reload. */
  appliedServerTime: string | undefined;

  constructor(private readonly keyOf: (row: T) => string) {}

  /** Call before reading the whole table; deltas arriving meanwhile are kept, not lost. */
  beginLoad(): void {
    if (this.state !== 'loading') this.pending = [];
    this.state = 'loading';
  }

  load(all: readonly T[]): void {
    this.rows = new Map(all.map((row) => [this.keyOf(row), row]));
    for (const delta of this.pending) this.write(delta);
    this.pending = [];
    this.state = 'ready';
    this.untold = false;
    // The list read from the device is shown at once, and the next sync's first chunk too.
    this.stale = true;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = undefined;
    for (const listener of this.listeners) listener();
  }

  apply(delta: DeltaChunk<T>): void {
    switch (this.state) {
      case 'idle':
        return;
      case 'loading':
        this.pending.push(delta);
        return;
      case 'ready':
        this.write(delta);
        this.changed();
    }
  }

  /** A sync starts fetching pages: notices are spaced further apart until it ends. */
  beginSync(): void {
    this.syncing = true;
    this.noticeEvery = SYNC_NOTIFY_EVERY_MS;
  }

  /** A whole page of the sync is applied: told now if it is the first or the last notice is old enough, else later. */
  pageStored(): void {
    if (this.untold) this.schedule();
  }

  /** The sync's last page is applied (or it failed): a notice still waiting is given now. */
  endSync(): void {
    this.syncing = false;
    this.noticeEvery = NOTIFY_EVERY_MS;
    if (!this.untold) return;
    clearTimeout(this.noticeTimer);
    this.notify();
  }

  get isIdle(): boolean {
    return this.state === 'idle';
  }

  get isLoading(): boolean {
    return this.state === 'loading';
  }

  /** One row by its key, once the list is loaded. */
  get(key: string): T | undefined {
    return this.rows.get(key);
  }

  getSnapshot = (): MirrorRows<T> => {
    if (this.stale) {
      this.snapshot = { rows: [...this.rows.values()], ready: true };
      this.stale = false;
    }
    return this.snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private write({ upserts, deletes, reset }: DeltaChunk<T>): void {
    if (reset) this.rows.clear();
    for (const row of upserts) this.rows.set(this.keyOf(row), row);
    for (const key of deletes) this.rows.delete(key);
  }

  private changed(): void {
    this.stale = true;
    this.untold = true;
    if (!this.syncing) this.schedule();
  }

  private schedule(): void {
    if (this.noticeTimer !== undefined) return;
    const wait = this.lastNotice + this.noticeEvery - performance.now();
    if (wait <= 0) this.notify();
    else this.noticeTimer = setTimeout(() => this.notify(), wait);
  }

  private notify(): void {
    this.noticeTimer = undefined;
    this.untold = false;
    this.lastNotice = performance.now();
    for (const listener of this.listeners) listener();
  }
}
