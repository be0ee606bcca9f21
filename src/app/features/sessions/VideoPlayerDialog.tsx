import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { getClinicianQueryOptions } from '#app/features/clinicians/api/getClinician';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { sessionFileUrl } from './api/sessionFileUrls.ts';
import { videoKindFor } from './videoSource.ts';

export type VideoPlayerDialogProps = {
  session: Session;
  type: UserType;
  /** A particular video (the files dialog); otherwise the spec §6 rule picks one. */
  fileKind?: SessionFileKind;
  onClose: () => void;
};

/**
 * Video Player (spec §2). The browser streams the file with Range requests, so it is seekable before it has
 * loaded; crossorigin lets the service worker serve it from its cache (DESIGN.md Data flow 6).
 */
export function VideoPlayerDialog({ session, type, fileKind, onClose }: VideoPlayerDialogProps) {
  const login = useStoredLogin();
  // Spec §6: clinicians with elevated access may watch unblurred video; their own record says so.
  const self = useQuery({
    ...getClinicianQueryOptions(login?.id ?? '', type),
    enabled: !fileKind && type === 'clinician' && login !== null,
  });
  const [failed, setFailed] = useState(false);
  const kind = fileKind ?? videoKindFor(session, type, self.data?.ElevatedAccess ?? false);
  const waiting = !fileKind && type === 'clinician' && self.isPending;
  return (
    <Dialog title="Video Player" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p className="session-files__subject">
            {session.PatientName} ({session.GivenPatientID}), session {sessionAndSubSessionNumber(session)}
            {kind === 'blurredVideo' ? ' (blurred)' : ''}
          </p>
          {failed ? (
            <p role="alert" className="form-error">
              This video is not available to you.
            </p>
          ) : (
            login &&
            !waiting && (
              <video
                className="session-video"
                controls
                crossOrigin="anonymous"
                preload="metadata"
                src={sessionFileUrl(session, kind, login)}
                aria-label={`Video of session ${sessionAndSubSessionNumber(session)}`}
                onError={() => setFailed(true)}
              />
            )
          )}
          <DialogCloseActions onClose={close} />
        </>
      )}
    </Dialog>
  );
}
