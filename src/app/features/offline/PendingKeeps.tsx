import { useEffect } from 'react';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import { notify } from '#app/components/ui/Toast';
import { dropPendingKeep, pendingKeeps } from '#app/lib/mirror/pendingKeeps';
import type { StoredLogin } from '#app/lib/storedLogin';
import { keepSessionOffline } from './keepSessionOffline.ts';

let running = false;

/** Keeps what was asked for offline, one session after another; a failure leaves it for the next time. */
async function keepPending(login: StoredLogin): Promise<void> {
  if (running || !navigator.onLine) return;
  running = true;
  try {
    for (const session of await pendingKeeps()) {
      const kept = await keepSessionOffline(session, login, () => undefined).catch(() => null);
      if (kept === null) return;
      await dropPendingKeep(session.SubSessionID);
      notify(keptText(session), 'success');
    }
  } finally {
    running = false;
  }
}

const keptText = (s: Session) =>
  `Session ${sessionAndSubSessionNumber(s)} of ${s.PatientName} is now kept on this device: its report can be made offline.`;

/**
 * Mounted while logged in: sessions the user asked to keep while offline are kept as soon as the network is back
 * (now, and on every `online` event).
 */
export function PendingKeeps({ login }: { login: StoredLogin }) {
  useEffect(() => {
    const run = () => void keepPending(login).catch(() => undefined);
    run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [login]);
  return null;
}
