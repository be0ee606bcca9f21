import type { KyResponse } from 'ky';
import { api } from '#app/lib/api';
import { withMirrorDb, type OutboxEntry } from './db.ts';
import { asAnswer, type MutationAnswer } from './outboxPolicy.ts';
import type { SendOutcome } from './outboxState.ts';
import { noteReachable } from './reachability.ts';
import { openQueuedFile, type OpenedFile } from './sealedOutbox.ts';

/** Bytes of one file confirmed by the server so far; `index` is the file's place in the entry. */
export type FileProgress = { index: number; sent: number; total: number };
export type FileProgressListener = (progress: FileProgress) => void;

/** Small enough that a dropped ward connection loses little, large enough that a video needs few requests. */
const CHUNK_BYTES = 2 ** 20;
const CHUNK_TYPE = 'application/offset+octet-stream';

type Step = { kind: 'sent' } | SendOutcome;
type Upload = { id: string; offset: number; complete: boolean };

class Unreachable extends Error {}

/** One request of the protocol; a missing answer is Unreachable, any answer (even a refusal) is returned. */
async function request(
  send: () => Promise<KyResponse>,
): Promise<{ status: number; body: MutationAnswer; headers: Headers }> {
  let response: KyResponse;
  try {
    response = await send();
  } catch (error) {
    noteReachable(false);
    throw new Unreachable('no answer', { cause: error });
  }
  noteReachable(true);
  const body = asAnswer(await response.json().catch(() => null));
  return { status: response.status, body, headers: response.headers };
}

const options = { throwHttpErrors: false, retry: 0, timeout: 120_000 } as const;
const numberOf = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

async function startUpload(entry: OutboxEntry, file: OpenedFile): Promise<Upload | SendOutcome> {
  const searchParams: Record<string, string> = {
    UserType: String(entry.body.UserType),
    FileUploadID: String(entry.body.FileUploadID),
    FileName: file.name,
    ...(file.videoKind === undefined ? {} : { VideoKind: file.videoKind }),
  };
  const started = await request(() =>
    api.post('/api/uploads', { ...options, searchParams, json: { size: file.size } }),
  );
  if (started.status >= 300) return { kind: 'answered', status: started.status, body: started.body };
  const id = String(started.body.uploadId);
  if (started.body.complete === true) return { id, offset: file.size, complete: true };
  // HEAD says where the server's durable copy ends: a chunk whose answer was lost may have arrived after all.
  const head = await request(() => api.head(`/api/uploads/${id}`, options));
  const offset = Number(head.headers.get('Upload-Offset') ?? started.body.offset ?? 0);
  return { id, offset, complete: false };
}

/** Sends one file from where the server's copy ends, chunk by chunk, reporting after each confirmed chunk. */
async function sendFile(entry: OutboxEntry, file: OpenedFile, onSent: (bytes: number) => Promise<void>): Promise<Step> {
  const upload = await startUpload(entry, file);
  if ('kind' in upload) return upload;
  let { offset, complete } = upload;
  await onSent(offset);
  while (!complete) {
    const at = offset;
    // An empty chunk at the end asks the server to finish a file whose last chunk arrived just before a restart.
    // Opened from its sealed chunks on the device, one request's worth at a time.
    const chunk = await file.read(at, Math.min(at + CHUNK_BYTES, file.size));
    const answer = await request(() =>
      api.patch(`/api/uploads/${upload.id}`, {
        ...options,
        body: chunk,
        headers: { 'Upload-Offset': String(at), 'Content-Type': CHUNK_TYPE },
      }),
    );
    if (answer.status === 409 && typeof answer.body.offset === 'number') offset = answer.body.offset;
    else if (answer.status >= 300) return { kind: 'answered', status: answer.status, body: answer.body };
    else {
      offset = numberOf(answer.body.offset, at + chunk.length);
      complete = answer.body.complete === true;
    }
    await onSent(offset);
  }
  return { kind: 'sent' };
}

/**
 * Sends the files of a 'session-upload' entry through the resumable upload protocol (docs/api-sessions.md), so a
 * video cut off halfway goes on from the server's offset. Undefined when every file is staged and the call itself may
 * go; otherwise the outcome that stops it (no answer, or the server's refusal of a file). The entry's claim is renewed
 * with each chunk, so a long video is not taken over by another tab as if its sender had died.
 */
export async function sendQueuedFiles(
  entry: OutboxEntry,
  onProgress?: FileProgressListener,
): Promise<SendOutcome | undefined> {
  const seq = entry.seq;
  if (seq === undefined) return undefined;
  const stored = await withMirrorDb((db) => db.uploads.get(seq));
  if (!stored) return undefined;
  const files = await withMirrorDb((db) => Promise.all(stored.files.map((file) => openQueuedFile(db, file))));
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  try {
    for (const [index, file] of files.entries()) {
      const step = await sendFile(entry, file, async (sent) => {
        onProgress?.({ index, sent, total: file.size });
        const progress = total === 0 ? 100 : Math.floor(((done + sent) / total) * 100);
        await withMirrorDb((db) =>
          db.outbox.where('id').equals(entry.id).modify({ progress, sendingSince: new Date().toISOString() }),
        );
      });
      if (step.kind !== 'sent') return step;
      done += file.size;
    }
  } catch (error) {
    if (error instanceof Unreachable) return { kind: 'unreachable' };
    throw error;
  }
  return undefined;
}
