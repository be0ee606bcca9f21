import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';
import type { ComponentType } from 'react';
import { AddSessionDialog } from './AddSessionDialog.tsx';
import { DownloadDialog } from './DownloadDialog.tsx';
import { NotOnDeviceDialog } from './NotOnDeviceDialog.tsx';
import { RecordVideoDialog } from './RecordVideoDialog.tsx';
import { SessionFilesDialog } from './SessionFilesDialog.tsx';
import type { useSessionBrowserData } from './useSessionBrowserData.ts';
import { VideoPlayerDialog } from './VideoPlayerDialog.tsx';

/** The dialog the session browser has open; the files dialog follows its session as the mirror updates it. */
export type SessionOverlay =
  | { kind: 'add' }
  | { kind: 'files'; subSessionId: string }
  | { kind: 'video'; session: Session }
  | { kind: 'recordVideo'; session: Session }
  | { kind: 'keepOffline'; session: Session }
  | { kind: 'download'; sessions: Session[] }
  | { kind: 'notOnDevice'; sessions: Session[] };

export type KeepOfflineDialogProps = { session: Session; onClose: () => void };

export type SessionDialogsProps = {
  overlay: SessionOverlay;
  type: UserType;
  rows: readonly Session[];
  data: Pick<ReturnType<typeof useSessionBrowserData>, 'patientChoices' | 'clinicianChoices' | 'patientHeightsCm'>;
  KeepOfflineDialog: ComponentType<KeepOfflineDialogProps>;
  onClose: () => void;
};

export function SessionDialogs({ overlay, type, rows, data, KeepOfflineDialog, onClose }: SessionDialogsProps) {
  switch (overlay.kind) {
    case 'add':
      return (
        <AddSessionDialog
          patientChoices={data.patientChoices}
          patientHeightsCm={data.patientHeightsCm}
          clinicianChoices={data.clinicianChoices}
          onClose={onClose}
        />
      );
    case 'files': {
      const session = rows.find((row) => row.SubSessionID === overlay.subSessionId);
      return session ? <SessionFilesDialog session={session} type={type} onClose={onClose} /> : null;
    }
    case 'video':
      return <VideoPlayerDialog session={overlay.session} type={type} onClose={onClose} />;
    case 'recordVideo':
      return (
        <RecordVideoDialog
          session={overlay.session}
          heightCm={data.patientHeightsCm.get(overlay.session.UniquePatientID)}
          onClose={onClose}
        />
      );
    case 'keepOffline':
      return <KeepOfflineDialog session={overlay.session} onClose={onClose} />;
    case 'download':
      return <DownloadDialog sessions={overlay.sessions} onClose={onClose} />;
    case 'notOnDevice':
      return <NotOnDeviceDialog sessions={overlay.sessions} onClose={onClose} />;
  }
}
