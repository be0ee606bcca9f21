import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { mirrorDb } from './db.ts';
import type { MirroredPatient } from './lists.ts';
import { pendingPatients, type LinkNames } from './pendingPatients.ts';
import { openEntry } from './sealedOutbox.ts';

const NO_NAMES: LinkNames = { clinics: new Map(), clinicians: new Map() };
const NONE_PENDING: ReadonlySet<string> = new Set();

/**
 * The mirrored patients followed by those added on this device and not yet confirmed (pendingPatients.ts), with the
 * ids of the latter. Live across tabs: a queued add appears at once, and goes (into the mirror) once it is sent.
 */
export function usePatientsWithPending(
  mirrored: readonly MirroredPatient[],
  names: LinkNames = NO_NAMES,
): { rows: readonly MirroredPatient[]; pendingIds: ReadonlySet<string> } {
  const login = useStoredLogin();
  const userKey = login ? `${login.loginType}-${login.id}` : '';
  const stored = useLiveQuery(
    () =>
      userKey
        ? mirrorDb()
            .outbox.filter((entry) => entry.call === 'addPatient')
            .toArray()
        : [],
    [userKey],
  );
  // The change is sealed on the device: opened again only when the queued adds themselves change.
  const opened = useQuery({
    queryKey: ['pendingPatients', userKey, stored?.map((entry) => [entry.seq, entry.id])],
    queryFn: () => Promise.all((stored ?? []).map(openEntry)),
    enabled: stored !== undefined && stored.length > 0,
    placeholderData: keepPreviousData,
    networkMode: 'always',
    staleTime: Infinity,
  });
  const entries = stored?.length ? opened.data : undefined;
  return useMemo(() => {
    if (!entries?.length) return { rows: mirrored, pendingIds: NONE_PENDING };
    const pending = pendingPatients(entries, new Set(mirrored.map((p) => p.UniquePatientID)), names);
    return { rows: [...mirrored, ...pending], pendingIds: new Set(pending.map((p) => p.UniquePatientID)) };
  }, [entries, mirrored, names]);
}
