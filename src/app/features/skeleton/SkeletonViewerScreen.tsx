import { useNavigate } from '@tanstack/react-router';
import type { UserType } from '#shared/auth/userTypes';
import { sessionAndSubSessionNumber } from '#shared/sessions/session';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { Card } from '#app/components/ui/Card';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { findNextSubSession, subSessionLabel } from './nextSubSession.ts';
import { SkeletonViewer } from './SkeletonViewer.tsx';
import { useViewedSession } from './useViewedSession.ts';

export type SkeletonViewerScreenProps = { type: UserType; sessionId: string; subSessionId: string };

/** /{userType}/sessions/viewskeleton/{sessionID}/{subSessionID} (docs/spec.md §2). */
export function SkeletonViewerScreen({ type, sessionId, subSessionId }: SkeletonViewerScreenProps) {
  useDocumentTitle('Skeleton Viewer');
  const navigate = useNavigate();
  const { sessions, settled } = useViewedSession(type, sessionId);
  const current = sessions.find((s) => s.SubSessionID === subSessionId);
  const next = findNextSubSession(sessions, sessionId, subSessionId);
  return (
    <Card width="wide" className="skeleton-page">
      <div className="skeleton-page__header">
        <div>
          <h1>Skeleton Viewer</h1>
          {/* Kept one line high while the mirror is read, so the stage below does not jump. */}
          <p className="skeleton-page__subject">
            {current
              ? `${current.PatientName} · ${current.TestName} · session ${sessionAndSubSessionNumber(current)}`
              : '\u00a0'}
          </p>
        </div>
        <ButtonLink href={`/${type}/sessions`}>Back to Sessions</ButtonLink>
      </div>
      <SkeletonViewer
        sessionId={sessionId}
        subSessionId={subSessionId}
        // Which file to draw waits for the session's rows: the original recording's own skeleton when it has one.
        hasOriginal={settled ? current?.OriginalRecording === true : null}
        nextSubSession={
          next && {
            label: subSessionLabel(next),
            open: () =>
              void navigate({
                to: '/$type/sessions/viewskeleton/$sessionID/$subSessionID',
                params: { type, sessionID: next.SessionID, subSessionID: next.SubSessionID },
              }),
          }
        }
      />
    </Card>
  );
}
