import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { mirrorDb, type MirrorDb } from './db.ts';
import { recordKey, type MirrorList, type MirrorRecords } from './lists.ts';
import { RowStore, type MirrorRows } from './rowStore.ts';
import { readList } from './sealedRecords.ts';

type Stores = { [L in MirrorList]: RowStore<MirrorRecords[L]> };

/** The in-memory lists of the logged-in user's mirror; rebuilt when the database (the user) changes. */
let registry: { db: MirrorDb; stores: Stores; watches: Subscription[] } | undefined;

function createStores(): Stores {
  return {
    patients: new RowStore((row) => recordKey('patients', row)),
    clinicians: new RowStore((row) => recordKey('clinicians', row)),
    clinics: new RowStore((row) => recordKey('clinics', row)),
    sessions: new RowStore((row) => recordKey('sessions', row)),
  };
}

function current(): NonNullable<typeof registry> {
  const db = mirrorDb();
  if (registry?.db !== db) {
    forgetMirrorRows();
    registry = { db, stores: createStores(), watches: [] };
  }
  return registry;
}

export function rowStoreFor<L extends MirrorList>(list: L): Stores[L] {
  return current().stores[list];
}

/** Logout: drop the rows from memory and stop watching the database. */
export function forgetMirrorRows(): void {
  for (const watch of registry?.watches ?? []) watch.unsubscribe();
  registry = undefined;
}

async function load<L extends MirrorList>(db: MirrorDb, list: L, store: Stores[L]): Promise<void> {
  store.beginLoad();
  const { rows, serverTime } = await readList(db, list, (row: MirrorRecords[L]) => recordKey(list, row));
  store.appliedServerTime = serverTime;
  store.load(rows);
}

/**
 * Loads the list once, then watches its sync time: this tab's own syncs feed the store directly (sync.ts), so a
 * serverTime the store has not applied means another tab synced, and the list is read again.
 */
function start<L extends MirrorList>(list: L, store: Stores[L]): void {
  const active = current();
  if (!store.isIdle) return;
  const reload = () => load(active.db, list, store).catch(() => undefined);
  void reload();
  const watch = liveQuery(() => active.db.meta.get(list)).subscribe({
    next: (meta) => {
      if (meta && meta.serverTime !== store.appliedServerTime && !store.isLoading) void reload();
    },
    error: () => undefined,
  });
  active.watches.push(watch);
}

const NOT_LOGGED_IN: MirrorRows<never> = { rows: [], ready: false };
const noSubscription = () => () => undefined;

/**
 * The rows of a mirrored list, held in memory and kept current, so a screen filters, sorts and pages them without
 * an IndexedDB round trip per keystroke (docs/design.md Data flow 2). Pair it with useMirrorSync(list) to fetch deltas.
 */
export function useMirrorRows<L extends MirrorList>(list: L): MirrorRows<MirrorRecords[L]> {
  const login = useStoredLogin();
  const store = useMemo(() => (login ? rowStoreFor(list) : undefined), [login, list]);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!store) return noSubscription();
      const unsubscribe = store.subscribe(listener);
      start(list, store);
      return unsubscribe;
    },
    [list, store],
  );
  return useSyncExternalStore(subscribe, store ? store.getSnapshot : () => NOT_LOGGED_IN);
}

/**
 * One mirrored record by its key (e.g. a patient by UniquePatientID) for work outside a screen, such as a report
 * built on the device: from memory when the list is open, else read once from the sealed mirror.
 */
export async function findMirrored<L extends MirrorList>(list: L, key: string): Promise<MirrorRecords[L] | undefined> {
  const store = rowStoreFor(list);
  if (!store.isIdle && !store.isLoading) return store.get(key);
  const { rows } = await readList(current().db, list, (row: MirrorRecords[L]) => recordKey(list, row));
  return rows.find((row) => recordKey(list, row) === key);
}
