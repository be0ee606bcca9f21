import { useState } from 'react';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import type { QueuedFile } from '#app/lib/mirror/db';
import type { FileProgress } from '#app/lib/mirror/outboxUpload';
import { newFileUploadId, videoKindOf } from './addSessionUploads.ts';
import { typesForName } from './fileTypes.ts';

export type UploadStatus = 'waiting' | 'sending' | 'sent' | 'failed';

/** A file picked for a new session, with its upload progress. */
export type PickedUpload = {
  id: string;
  file: File;
  type: SessionFileType;
  percent: number | undefined;
  status: UploadStatus;
};

/**
 * The Add Session dialog's files: picked and typed by extension. On Add they go into the outbox with the session
 * (docs/design.md Data flow 3), in this order, under one FileUploadID; the outbox reports each file's progress back here.
 * Changing the files starts a new FileUploadID, so the session never picks up a file the admin removed.
 */
export function useAddSessionUploads() {
  const [files, setFiles] = useState<PickedUpload[]>([]);
  const [fileUploadId, setFileUploadId] = useState(() => newFileUploadId());

  const restart = (next: PickedUpload[]) => {
    setFileUploadId(newFileUploadId());
    setFiles(next.map((f) => ({ ...f, percent: undefined, status: 'waiting' })));
  };

  /** Adds the picked files it can store; returns the names of those it cannot (wrong extension). */
  const add = (picked: readonly File[]): string[] => {
    const usable = picked.filter((file) => typesForName(file.name).length > 0);
    const added = usable.map((file) => ({
      id: crypto.randomUUID(),
      file,
      type: typesForName(file.name)[0] ?? 'Joint Data File',
      percent: undefined,
      status: 'waiting' as const,
    }));
    restart([...files, ...added]);
    return picked.filter((file) => !usable.includes(file)).map((file) => file.name);
  };
  const remove = (id: string) => restart(files.filter((f) => f.id !== id));
  const setType = (id: string, type: SessionFileType) => restart(files.map((f) => (f.id === id ? { ...f, type } : f)));

  /** The files as the outbox keeps them: the File is a Blob, which IndexedDB stores as it is. */
  const queued = (): QueuedFile[] =>
    files.map((upload) => ({ name: upload.file.name, blob: upload.file, ...withVideoKind(upload.type) }));

  /** Every file shows a bar from the moment Add is pressed; the outbox then moves them. */
  const startSending = () => setFiles((old) => old.map((f) => ({ ...f, status: 'sending', percent: 0 })));
  const onProgress = ({ index, sent, total }: FileProgress) =>
    setFiles((old) =>
      old.map((f, i) => {
        if (i !== index) return f;
        const percent = total > 0 ? Math.round((sent / total) * 100) : 100;
        return { ...f, percent, status: percent >= 100 ? 'sent' : 'sending' };
      }),
    );
  /** A refused or unsent Add leaves the bars of files not confirmed as failed. */
  const stopSending = () => setFiles((old) => old.map((f) => (f.status === 'sent' ? f : { ...f, status: 'failed' })));

  return { files, fileUploadId, add, remove, setType, queued, startSending, onProgress, stopSending };
}

function withVideoKind(type: SessionFileType): Pick<QueuedFile, 'videoKind'> {
  const videoKind = videoKindOf(type);
  return videoKind === undefined ? {} : { videoKind };
}
