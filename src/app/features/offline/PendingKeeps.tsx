import { useEffect } from 'react';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import { notify } from '#app/components/ui/Toast';
import { dropPendingKeep, pendingKeeps } from '#app/lib/mirror/pendingKeeps';
import type { StoredLogin } from '#app/lib/storedLogin';
import { keepSessionOffline } from './keepSessionOffline.ts';
import { pendingKeepRunner } from './pendingKeepRunner.ts';

const keptText = (s: Session) =>
  `Session ${sessionAndSubSessionNumber(s)} of ${s.PatientName} is now kept on this device: its report can be made offline.`;

/**
 * Mounted while logged in: sessions the user asked to keep while offline are kept as soon as the network is back
 * (now, on every `online` event, and again a while after a keep that failed).
 */
export function PendingKeeps({ login }: { login: StoredLogin }) {
  useEffect(() => {
    const runner = pendingKeepRunner({
      online: () => navigator.onLine,
      pending: pendingKeeps,
      keep: async (session) => (await keepSessionOffline(session, login, () => undefined), true),
      drop: (session) => dropPendingKeep(session.SubSessionID),
      kept: (session) => notify(keptText(session), 'success'),
    });
    const run = () => void runner.run();
    run();
    window.addEventListener('online', run);
    return () => {
      window.removeEventListener('online', run);
      runner.stop();
    };
  }, [login]);
  return null;
}
