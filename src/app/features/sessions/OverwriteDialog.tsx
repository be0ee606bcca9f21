import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { FILE_KIND_LABELS } from './sessionFileRules.ts';

export type OverwriteDialogProps = { files: readonly SessionFileKind[]; onConfirm: () => void; onCancel: () => void };

/** docs/spec.md §4: asked before an upload replaces a session's existing file. */
export function OverwriteDialog({ files, onConfirm, onCancel }: OverwriteDialogProps) {
  return (
    <Dialog title="Overwrite Files" isOpen onOpenChange={(open) => !open && onCancel()}>
      {(close) => (
        <>
          <p>This upload replaces the session&apos;s existing files:</p>
          <ul>
            {files.map((file) => (
              <li key={file}>{FILE_KIND_LABELS[file]}</li>
            ))}
          </ul>
          <div className="actions">
            <Button variant="danger" onPress={onConfirm}>
              Overwrite
            </Button>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
