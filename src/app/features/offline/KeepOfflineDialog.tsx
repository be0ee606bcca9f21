import { useEffect, useState } from 'react';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { formatFileSize } from '#app/lib/pwa/fileSize';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { keepSessionOffline, type KeepProgress } from './keepSessionOffline.ts';
import { OFFLINE_FILE_LABELS } from './offlineTargets.ts';

type KeepState =
  { phase: 'running'; progress: KeepProgress | null } | { phase: 'done'; kept: number } | { phase: 'failed' };

/** "Keep offline" for one session: downloads its files into this device's storage, with progress. */
export function KeepOfflineDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const login = useStoredLogin();
  const [state, setState] = useState<KeepState>({ phase: 'running', progress: null });
  useEffect(() => {
    if (!login) return;
    let current = true;
    keepSessionOffline(session, login, (progress) => current && setState({ phase: 'running', progress })).then(
      (kept) => current && setState({ phase: 'done', kept }),
      () => current && setState({ phase: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [session, login]);
  return (
    <Dialog title="Keep offline" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p className="session-files__subject">
            {session.PatientName} ({session.GivenPatientID}), session {sessionAndSubSessionNumber(session)}
          </p>
          {state.phase === 'running' && <KeepProgressBar progress={state.progress} />}
          {state.phase === 'done' && (
            <p role="status">
              {state.kept > 0
                ? `Kept offline: ${String(state.kept)} ${state.kept === 1 ? 'file' : 'files'}.`
                : 'This session has no files to keep.'}
            </p>
          )}
          {state.phase === 'failed' && (
            <p role="alert" className="form-error">
              The files could not be kept offline. Check the connection and try again.
            </p>
          )}
          <DialogCloseActions onClose={close} />
        </>
      )}
    </Dialog>
  );
}

function KeepProgressBar({ progress }: { progress: KeepProgress | null }) {
  if (!progress) return <ProgressBar label="Preparing" value={undefined} />;
  const { kind, index, count, loaded, total } = progress;
  const label = `${OFFLINE_FILE_LABELS[kind]} (${String(index + 1)} of ${String(count)})`;
  const value = total ? Math.min(100, (loaded / total) * 100) : undefined;
  return (
    <ProgressBar
      label={label}
      value={value}
      valueText={`${formatFileSize(loaded)}${total ? ` of ${formatFileSize(total)}` : ''}`}
    />
  );
}
