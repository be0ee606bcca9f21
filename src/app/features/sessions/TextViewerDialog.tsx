import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { MESSAGES } from '#shared/messages';
import { Dialog, DialogCloseActions } from '#app/components/ui/Dialog';
import { useSessionFileText } from './api/sessionFileReads.ts';
import { FILE_KIND_LABELS } from './sessionFileRules.ts';
import { VirtualText } from './VirtualText.tsx';

export type TextViewerDialogProps = { session: Session; fileKind: SessionFileKind; onClose: () => void };

/** Text Viewer (docs/spec.md §2): the file's text, monospace and scrollable, however large. */
export function TextViewerDialog({ session, fileKind, onClose }: TextViewerDialogProps) {
  const text = useSessionFileText(session, fileKind);
  const label = `${FILE_KIND_LABELS[fileKind]} of session ${sessionAndSubSessionNumber(session)}`;
  return (
    <Dialog title="Text Viewer" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p className="session-files__subject">{label}</p>
          {text.isPending && <p className="virtual-text__status">Loading...</p>}
          {text.isError && (
            <p role="alert" className="form-error">
              {MESSAGES.someError}
            </p>
          )}
          {text.isSuccess && <VirtualText text={text.data} label={label} />}
          <DialogCloseActions onClose={close} />
        </>
      )}
    </Dialog>
  );
}
