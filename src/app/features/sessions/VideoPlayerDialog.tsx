import { useEffect, useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { useElevatedAccess } from '#app/lib/elevatedAccess';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { sessionFileUrl } from './api/sessionFileUrls.ts';
import { videoKindFor } from '#shared/sessions/videoSource';

const NOT_AVAILABLE = 'This video is not available to you.';

/**
 * Why the server would not give the video, asked for its first byte before the player is shown: a blurred video not
 * yet reviewed says it awaits review (docs/blurring.md); anything else is the general refusal. Undefined when the
 * video may be played, or when the network did not answer (a kept copy may still play it). The player's own error
 * event is not enough: with the service worker in the path, Chromium left a refused video failed (error code 4) and
 * no error event was seen, so the clinician got an empty player (tests/e2e/blurReview.spec.ts).
 */
async function refusalOf(src: string): Promise<string | undefined> {
  const answer = await fetch(src, { headers: { Range: 'bytes=0-0' } }).catch(() => undefined);
  if (!answer || answer.ok) return undefined;
  if (answer.status !== 403) return NOT_AVAILABLE;
  const body = (await answer.json().catch(() => ({}))) as { error?: unknown };
  return typeof body.error === 'string' ? body.error : NOT_AVAILABLE;
}

/** The refusal for src, or undefined once it may be played; pending until the first byte was asked for. */
function useVideoRefusal(src: string | undefined): { checked: boolean; refusal: string | undefined } {
  const [answer, setAnswer] = useState<{ src: string; refusal: string | undefined } | undefined>();
  useEffect(() => {
    if (src === undefined) return;
    let current = true;
    void refusalOf(src).then((refusal) => current && setAnswer({ src, refusal }));
    return () => {
      current = false;
    };
  }, [src]);
  const checked = answer !== undefined && answer.src === src;
  return { checked, refusal: checked ? answer.refusal : undefined };
}

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
  const [failed, setFailed] = useState<string | undefined>();
  const kind = fileKind ?? videoKindFor(session, type, access.elevated);
  const src = login && !access.isPending ? sessionFileUrl(session, kind, login) : undefined;
  const probe = useVideoRefusal(src);
  const refusal = failed ?? probe.refusal;
  return (
    <Dialog title="Video Player" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p className="session-files__subject">
            {session.PatientName} ({session.GivenPatientID}), session {sessionAndSubSessionNumber(session)}
            {kind === 'blurredVideo' ? ' (blurred)' : ''}
          </p>
          {refusal !== undefined ? (
            <p role="alert" className="form-error">
              {refusal}
            </p>
          ) : (
            src !== undefined &&
            probe.checked && (
              <video
                className="session-video"
                controls
                crossOrigin="anonymous"
                preload="metadata"
                src={src}
                aria-label={`Video of session ${sessionAndSubSessionNumber(session)}`}
                onError={(event) =>
                  void refusalOf(event.currentTarget.src).then((why) => setFailed(why ?? NOT_AVAILABLE))
                }
              />
            )
          )}
          <DialogCloseActions onClose={close} />
        </>
      )}
    </Dialog>
  );
}
