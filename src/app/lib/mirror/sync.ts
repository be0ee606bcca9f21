import { queryOptions, useQuery } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { NEXT_CURSOR_HEADER, PAGE_LIMIT_MAX } from '#shared/records/pageLimits';
import { api } from '#app/lib/api';
import { callPath } from '#app/lib/apiCall';
import { loginStore } from '#app/lib/storedLogin';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { vaultKey } from '#app/lib/vault/vaultKey';
import { mirrorDb } from './db.ts';
import { modifiedSinceFor } from './delta.ts';
import { MIRROR_LIST_PARAMS, type MirrorList, type MirrorRecords } from './lists.ts';
import { rowStoreFor } from './mirrorRows.ts';
import { fetchPagesInOrder, type PageAnswer } from './syncPages.ts';
import { storePageInWorker } from './syncWorkerClient.ts';

/**
 * One page of a list as the server sent it, unread: the main thread only waits for the bytes, and the sync worker
 * parses them. The next page's cursor comes in a header, before the body. ky's hooks still apply (the bearer token,
 * and a dead token's forced logout on a 401).
 */
async function fetchPage(
  list: MirrorList,
  searchParams: Record<string, string>,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<PageAnswer> {
  const params = cursor === undefined ? searchParams : { ...searchParams, cursor };
  const response = await api.get(callPath(list), { searchParams: params, signal });
  return { nextCursor: response.headers.get(NEXT_CURSOR_HEADER), body: () => response.arrayBuffer() };
}

type SyncResult = { serverTime: string; written: number; deleted: number };

/**
 * One sync at a time, in the order asked: a second sync of the same list waits, then asks from the time the first
 * stored; another list's waits too, so the list a screen asks for first (its own) is not slowed by the lists it
 * reads beside it. The server answers one page at a time per device either way; at 100,000 sessions the admin's
 * first sync of the session list shared the server with 20,000 patients and was seconds later to show.
 */
let running: Promise<unknown> = Promise.resolve();

function syncList(list: MirrorList): Promise<SyncResult> {
  const next = running.catch(() => undefined).then(() => fetchAndStore(list));
  running = next;
  return next;
}

/**
 * Fetches a list a page at a time and applies each page as it comes. Every page carries the serverTime of the first,
 * which is stored only after the last page: an interrupted sync asks again from the previous time, and applying a
 * page twice is harmless. A full answer (no modifiedSince) resets the list with its first page only.
 *
 * Pages are as large as the server allows (a first sync of 100,000 sessions is 20 requests, not 100: each request
 * costs the server a scoped query and an audit entry besides its rows). The sync worker reads, seals and stores each
 * page off the main thread, which only applies the committed steps to the rows in memory; the next page is asked
 * for as soon as this one's headers arrive (fetchPagesInOrder), so the server reads it while the device downloads
 * and stores this one.
 */
async function fetchAndStore<L extends MirrorList>(list: L): Promise<SyncResult> {
  const login = loginStore.read();
  if (!login) throw new Error('No login: nothing to sync.');
  const db = mirrorDb();
  const since = modifiedSinceFor((await db.meta.get(list))?.serverTime);
  // Nothing is fetched for a locked device: its rows could not be stored.
  const key = await vaultKey();
  const searchParams: Record<string, string> = {
    UserType: login.loginType,
    limit: String(PAGE_LIMIT_MAX),
    ...MIRROR_LIST_PARAMS[list],
  };
  if (since) searchParams.modifiedSince = since;
  const store = rowStoreFor(list);
  const result: SyncResult = { serverTime: '', written: 0, deleted: 0 };
  store.beginSync();
  try {
    await fetchPagesInOrder({
      fetch: (cursor, signal) => fetchPage(list, searchParams, cursor, signal),
      store: (body, first) =>
        storePageInWorker<MirrorRecords[L]>({ list, dbName: db.name, key, body, resetsList: !since && first }, (step) =>
          store.apply(step),
        ),
      stored: (head) => {
        store.pageStored();
        result.serverTime = head.serverTime;
        result.written += head.written;
        result.deleted += head.deleted;
      },
    });
  } finally {
    store.endSync();
  }
  // Only after every page committed: an interrupted sync asks again from the previous time.
  store.appliedServerTime = result.serverTime;
  await db.meta.put({ serverTime: result.serverTime }, list);
  return result;
}

/** Prefix of the sync queries of a list, for any user: invalidating it re-syncs the list (outbox.ts). */
export const mirrorSyncKey = (list: MirrorList) => ['mirror', list] as const;

const isClientError = (error: unknown) =>
  error instanceof HTTPError && error.response.status >= 400 && error.response.status < 500;

function mirrorSyncQueryOptions(list: MirrorList, userKey: string) {
  return queryOptions({
    queryKey: [...mirrorSyncKey(list), userKey],
    queryFn: () => syncList(list),
    // A delta is cheap, so look again whenever the clinician comes back to the tab, and now and then while it is
    // open: colleagues edit the same patients on the ward.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: 60_000,
    // A 4xx (no access, bad request) will not heal by asking again; a network blip may.
    retry: (failures, error) => failures < 3 && !isClientError(error),
  });
}

/**
 * Keeps a mirrored list in step with the server; the query state is the fetch's loading/error state.
 * `enabled: false` for a list the role may not read (a clinician cannot list clinicians).
 */
export function useMirrorSync(list: MirrorList, options: { enabled?: boolean } = {}) {
  const login = useStoredLogin();
  return useQuery({
    ...mirrorSyncQueryOptions(list, login ? `${login.loginType}-${login.id}` : ''),
    enabled: login !== null && (options.enabled ?? true),
  });
}
