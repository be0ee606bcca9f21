import { useRef, useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import { newFileUploadId, videoKindOf } from './addSessionUploads.ts';
import { sendAddSessionFile } from './api/sessionCalls.ts';
import { typesForName } from './fileTypes.ts';

export type UploadStatus = 'waiting' | 'sending' | 'sent' | 'failed';

/** A file picked for a new session; `key` is its upload's idempotency key, kept across retries. */
export type PickedUpload = { id: string; file: File; type: SessionFileType; key: string; percent: number | undefined; status: UploadStatus };

/**
 * The Add Session dialog's files: picked, typed by extension, then sent one by one to addSession/sendFile under one
 * FileUploadID, each with its own progress. A retry after a failure sends only what has not arrived yet; changing
 * the files starts a new FileUploadID, so the session never picks up a file the admin removed.
 */
export function useAddSessionUploads() {
  const [files, setFiles] = useState<PickedUpload[]>([]);
  const [fileUploadId, setFileUploadId] = useState(() => newFileUploadId());
  // The sender reads statuses it set itself within one submit, before React re-renders.
  const sent = useRef(new Set<string>());

  const restart = (next: PickedUpload[]) => {
    sent.current = new Set();
    setFileUploadId(newFileUploadId());
    setFiles(next.map((f) => ({ ...f, key: crypto.randomUUID(), percent: undefined, status: 'waiting' })));
  };
  const update = (id: string, change: Partial<PickedUpload>) => setFiles((old) => old.map((f) => (f.id === id ? { ...f, ...change } : f)));

  /** Adds the picked files it can store; returns the names of those it cannot (wrong extension). */
  const add = (picked: readonly File[]): string[] => {
    const usable = picked.filter((file) => typesForName(file.name).length > 0);
    const added = usable.map((file) => ({ id: crypto.randomUUID(), file, type: typesForName(file.name)[0] ?? 'Joint Data File', key: '', percent: undefined, status: 'waiting' as const }));
    restart([...files, ...added]);
    return picked.filter((file) => !usable.includes(file)).map((file) => file.name);
  };
  const remove = (id: string) => restart(files.filter((f) => f.id !== id));
  const setType = (id: string, type: SessionFileType) => restart(files.map((f) => (f.id === id ? { ...f, type } : f)));

  /** Sends every file not sent yet, in order; rejects with the first failure. */
  const sendAll = async (userType: UserType): Promise<void> => {
    for (const upload of files) {
      if (sent.current.has(upload.id)) continue;
      update(upload.id, { status: 'sending', percent: 0 });
      try {
        await sendAddSessionFile(userType, fileUploadId, videoKindOf(upload.type), {
          file: upload.file,
          idempotencyKey: upload.key,
          onProgress: ({ sent: bytes, total }) => update(upload.id, { percent: total > 0 ? Math.round((bytes / total) * 100) : undefined }),
        });
      } catch (error) {
        update(upload.id, { status: 'failed' });
        throw error;
      }
      sent.current.add(upload.id);
      update(upload.id, { status: 'sent', percent: 100 });
    }
  };

  return { files, fileUploadId, add, remove, setType, sendAll };
}
