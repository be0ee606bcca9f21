import { useSyncExternalStore } from 'react';
import { endedSessionStore, endedSessionText } from '#app/lib/endedSession';

/**
 * On the login pages after a forced logout (docs/spec.md §4): the session ended and why, and how many changes wait
 * sealed on this device for the next login to send (README Offline), so nobody thinks their edits were lost.
 */
export function EndedSessionNotice() {
  const ended = useSyncExternalStore(endedSessionStore.subscribe, endedSessionStore.read);
  if (ended === null || ended.loggedInAgain) return null;
  return (
    <p role="status" className="login-notice">
      {endedSessionText(ended.waiting, ended.reason)}
    </p>
  );
}
