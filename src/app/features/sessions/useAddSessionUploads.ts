import { useState } from 'react';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import type { QueuedFile } from '#app/lib/mirror/db';
import type { FileProgress } from '#app/lib/mirror/outboxUpload';
import { newFileUploadId, videoKindOf } from './addSessionUploads.ts';
import type { SniffedFile } from '#shared/sessions/sniffSessionFile';
import { refusalOf, sniffPickedFile, typesForFile } from './fileTypes.ts';

export type UploadStatus = 'waiting' | 'sending' | 'sent' | 'failed';

/** A file picked for a new session, with its upload progress. */
export type PickedUpload = {
  id: string;
  file: File;
  /** What its first bytes say it is. */
  sniffed: SniffedFile;
  type: SessionFileType;
  percent: number | undefined;
  status: UploadStatus;
};

/**
 * The Add Session dialog's files: picked and typed by their content (the name plays no part). On Add they go into the outbox with the session
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

  /**
   * Adds the picked files that are session files, judged by their first bytes; returns, for each of the others, its
   * name and why it cannot be added.
   */
  const add = async (picked: readonly File[]): Promise<string[]> => {
    const sniffed = await Promise.all(picked.map(sniffPickedFile));
    const added: PickedUpload[] = [];
    const refused: string[] = [];
    picked.forEach((file, i) => {
      const content = sniffed[i] ?? { kind: 'unknown' };
      const refusal = refusalOf(content);
      const [type] = typesForFile(content, file.name);
      if (refusal !== null || type === undefined) refused.push(`${file.name}: ${refusal ?? ''}`);
      else added.push({ id: crypto.randomUUID(), file, sniffed: content, type, percent: undefined, status: 'waiting' });
    });
    // The files picked before the sniffing finished are kept: the list may have changed meanwhile.
    setFileUploadId(newFileUploadId());
    setFiles((old) => [...old, ...added].map((f) => ({ ...f, percent: undefined, status: 'waiting' })));
    return refused;
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
