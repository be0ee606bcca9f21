import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { notify } from '#app/components/ui/Toast';
import { endedSessionStore, waitingSentText } from '#app/lib/endedSession';
import { mirrorDb } from '#app/lib/mirror/db';

/**
 * After the login that follows a forced logout, says once that the changes which waited through it reached the
 * server: the outbox is empty again (an entry leaves only on the server's 2xx; a refused one stays and is counted
 * in the top bar instead).
 */
export function useWaitingSentNotice(userKey: string): void {
  const ended = useSyncExternalStore(endedSessionStore.subscribe, endedSessionStore.read);
  const awaiting = ended !== null && ended.loggedInAgain && ended.userKey === userKey;
  // Undefined until the outbox is read: an unread outbox is not an empty one.
  const unsent = useLiveQuery(async () => (awaiting ? mirrorDb().outbox.count() : undefined), [awaiting, userKey]);
  useEffect(() => {
    if (!awaiting || unsent !== 0) return;
    notify(waitingSentText(ended.waiting), 'success');
    endedSessionStore.clear();
  }, [awaiting, unsent, ended]);
}
