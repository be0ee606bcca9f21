import { useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { useElevatedAccess } from '#app/lib/elevatedAccess';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { sessionFileUrl } from './api/sessionFileUrls.ts';
import { videoKindFor } from '#shared/sessions/videoSource';

export type VideoPlayerDialogProps = {
  session: Session;
  type: UserType;
  /** A particular video (the files dialog); otherwise the specification (docs/spec.md) §6 rule picks one. */
  fileKind?: SessionFileKind;
  onClose: () => void;
};

/**
 * Video Player (docs/spec.md §2). The browser streams the file with Range requests, so it is seekable before it has
 * loaded; crossorigin lets the service worker serve it from its cache (docs/design.md Data flow 6).
 */
export function VideoPlayerDialog({ session, type, fileKind, onClose }: VideoPlayerDialogProps) {
  const login = useStoredLogin();
  const access = useElevatedAccess(login, !fileKind);
  const [failed, setFailed] = useState(false);
  const kind = fileKind ?? videoKindFor(session, type, access.elevated);
  const waiting = access.isPending;
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
