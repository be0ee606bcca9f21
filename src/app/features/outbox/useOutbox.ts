import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { mirrorDb, type OutboxEntry, type StoredOutboxEntry } from '#app/lib/mirror/db';
import { openEntry } from '#app/lib/mirror/sealedOutbox';
import { lastRequestUnreachable, subscribeReachability } from '#app/lib/mirror/reachability';
import { useStoredLogin } from '#app/lib/useStoredLogin';

/**
 * The logged-in user's outbox, oldest first; live across tabs (Dexie broadcasts its changes). Each change is sealed
 * on the device, so the list is opened again whenever an entry's bookkeeping moves (state, key, progress).
 */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const login = useStoredLogin();
  const userKey = login ? `${login.loginType}-${login.id}` : '';
  const stored: (StoredOutboxEntry | OutboxEntry)[] | undefined = useLiveQuery(
    () => (userKey ? mirrorDb().outbox.toArray() : []),
    [userKey],
  );
  const opened = useQuery({
    queryKey: [
      'outboxEntries',
      userKey,
      stored?.map((e) => [e.seq, e.id, e.state, e.error, e.progress, e.attempts, 'sealed' in e && e.sealed.length]),
    ],
    queryFn: () => Promise.all((stored ?? []).map(openEntry)),
    enabled: stored !== undefined,
    placeholderData: keepPreviousData,
    networkMode: 'always',
    staleTime: Infinity,
  });
  return stored === undefined ? undefined : opened.data;
}

/** How many changes wait; a count, so the top bar stays cheap with a long queue (every entry change re-runs it). */
export function useUnsentCount(): number {
  const login = useStoredLogin();
  const userKey = login ? `${login.loginType}-${login.id}` : '';
  return useLiveQuery(() => (userKey ? mirrorDb().outbox.count() : 0), [userKey]) ?? 0;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stop = subscribeReachability(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stop();
  };
}

/** Offline when the browser says so, or when the last outbox request got no answer at all. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => !navigator.onLine || lastRequestUnreachable());
}
