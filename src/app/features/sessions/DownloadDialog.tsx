import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Session } from '#shared/sessions/session';
import { MESSAGES } from '#shared/messages';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { saveBlob } from '#app/lib/saveBlob';
import { openSessionFile } from './api/sessionFileReads.ts';
import { buildZip, zipEntries, zipFileName, zipIndexText, type ZipProgress } from './sessionZip.ts';

export type DownloadDialogProps = { sessions: readonly Session[]; onClose: () => void };

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Download (docs/spec.md §2, admin): the files of one or more sessions as one zip, built in the browser with progress. */
export function DownloadDialog({ sessions, onClose }: DownloadDialogProps) {
  const entries = zipEntries(sessions);
  const name = zipFileName(sessions);
  const [progress, setProgress] = useState<ZipProgress | null>(null);
  const [controller] = useState(() => new AbortController());
  useEffect(() => () => controller.abort(), [controller]);
  const download = useMutation({
    mutationFn: () =>
      buildZip(
        entries,
        (entry) => openSessionFile(entry.session, entry.kind, controller.signal),
        setProgress,
        (named) => zipIndexText(sessions, named),
      ),
    onSuccess: (blob) => saveBlob(blob, name),
  });

  return (
    <Dialog title="Download" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p>
            {sessions.length === 1 ? '1 session' : `${String(sessions.length)} sessions`},{' '}
            {entries.length === 1 ? '1 file' : `${String(entries.length)} files`}:{' '}
            <span className="download__name">{name}</span>
          </p>
          {progress && (
            <ProgressBar
              label={download.isSuccess ? 'Saved' : 'Building the zip'}
              value={
                entries.length === 0
                  ? 100
                  : Math.round(((download.isSuccess ? progress.entries : progress.entry - 1) / progress.entries) * 100)
              }
              valueText={`File ${String(progress.entry)} of ${String(progress.entries)}, ${megabytes(progress.bytes)}`}
            />
          )}
          {download.isSuccess && <p role="status">Saved {name}.</p>}
          {download.isError && (
            <p role="alert" className="form-error">
              {MESSAGES.someError}
            </p>
          )}
          <div className="actions">
            <Button
              isDisabled={entries.length === 0 || download.isSuccess}
              isPending={download.isPending}
              onPress={() => download.mutate()}
            >
              Download
            </Button>
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
