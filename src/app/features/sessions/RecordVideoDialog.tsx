import { lazy, Suspense, useRef, useState } from 'react';
import type { Session } from '#shared/sessions/session';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { notify } from '#app/components/ui/Toast';
import { MutationNetworkError } from '#app/lib/mirror/outbox';
import { saveFailureFeedback } from '#app/lib/recordFeedback';
import { loginStore } from '#app/lib/storedLogin';
import { replacementSubject, uploadSessionFile } from './api/sessionCalls.ts';
import { OverwriteDialog } from './OverwriteDialog.tsx';
import { filesReplacedBy } from './sessionFileRules.ts';
import { isSuccessAnswer, uploadFailureText } from './uploadFeedback.ts';
import { heightFromRecordM } from './videoGait/floorMarks.ts';
import type { VideoGaitFile } from './videoGait/videoGaitFiles.ts';

// The video dialog (and its pose worker, with the model) loads only when it is opened.
const VideoGaitDialog = lazy(() =>
  import('./videoGait/VideoGaitDialog.tsx').then((m) => ({ default: m.VideoGaitDialog })),
);

/** Joint data and metrics first: the server then never starts analysing a video whose analysis is on its way. */
const SEND_ORDER: Record<string, number> = { 'Joint Data File': 0, 'Gait Metrics File': 1, 'Video File': 2 };

export type RecordVideoDialogProps = { session: Session; heightCm: number | undefined; onClose: () => void };

type Phase =
  | { kind: 'analysing' }
  | { kind: 'confirming'; files: VideoGaitFile[]; replaced: SessionFileKind[] }
  | { kind: 'sending'; name: string; percent: number | undefined }
  | { kind: 'failed'; error: string };

/**
 * Record or Choose Video on a session's row: the walk analysed on the device joins this session as Upload Session
 * File would add each file (docs/spec.md §4: 'Overwrite Files' is asked before anything stored is replaced).
 */
export function RecordVideoDialog({ session, heightCm, onClose }: RecordVideoDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'analysing' });
  // The video dialog closes itself after Add to Session; that close must not end this one.
  const added = useRef(false);

  const send = async (files: VideoGaitFile[]) => {
    let queued: MutationNetworkError | undefined;
    const ordered = [...files].sort((a, b) => (SEND_ORDER[a.type] ?? 9) - (SEND_ORDER[b.type] ?? 9));
    for (const { type, file } of ordered) {
      setPhase({ kind: 'sending', name: file.name, percent: 0 });
      try {
        const answer = await uploadSessionFile(session, type, file, ({ sent, total }) =>
          setPhase({
            kind: 'sending',
            name: file.name,
            percent: total > 0 ? Math.round((sent / total) * 100) : undefined,
          }),
        );
        if (!isSuccessAnswer(answer))
          return setPhase({
            kind: 'failed',
            error: `${file.name} was refused: please check the session and try again.`,
          });
      } catch (failure) {
        // A dead token has already logged the user out and left the page.
        if (!loginStore.read()) return;
        // Offline: this file waits in the outbox; the next ones join it there, in order.
        if (failure instanceof MutationNetworkError) {
          queued = failure;
          continue;
        }
        return setPhase({ kind: 'failed', error: uploadFailureText(failure) });
      }
    }
    if (queued) {
      const feedback = saveFailureFeedback(queued);
      notify(feedback.text, feedback.tone);
    } else notify('The walk, its joint data and gait metrics are added to the session.', 'success');
    onClose();
  };

  const add = (files: VideoGaitFile[]) => {
    added.current = true;
    const replaced = [...new Set(files.flatMap(({ type }) => filesReplacedBy(type, session)))];
    if (replaced.length > 0) setPhase({ kind: 'confirming', files, replaced });
    else void send(files);
  };

  switch (phase.kind) {
    case 'analysing':
      return (
        <Suspense fallback={null}>
          <VideoGaitDialog
            recordHeightM={heightFromRecordM(heightCm)}
            onAdd={add}
            onClose={() => added.current || onClose()}
          />
        </Suspense>
      );
    case 'confirming':
      return <OverwriteDialog files={phase.replaced} onConfirm={() => void send(phase.files)} onCancel={onClose} />;
    case 'sending':
    case 'failed':
      return (
        <Dialog title="Adding the Walk" isOpen onOpenChange={(open) => !open && phase.kind === 'failed' && onClose()}>
          {(close) => (
            <>
              <p className="session-files__subject">{replacementSubject(session)}</p>
              {phase.kind === 'sending' ? (
                <ProgressBar label={`Uploading ${phase.name}`} value={phase.percent} />
              ) : (
                <>
                  <p className="field__error">{phase.error}</p>
                  <DialogCloseActions onClose={close} />
                </>
              )}
            </>
          )}
        </Dialog>
      );
  }
}
