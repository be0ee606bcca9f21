import type { KyResponse } from 'ky';
import { CHUNK_CONTENT_TYPE, TUS_VERSION } from '#shared/api/uploadCalls';
import { api } from '#app/lib/api';
import { withMirrorDb, type OutboxEntry } from './db.ts';
import { asAnswer, type MutationAnswer } from './outboxPolicy.ts';
import type { SendOutcome } from './outboxState.ts';
import { noteReachable } from './reachability.ts';
import { FIRST_PATCH_BYTES, MAX_PATCH_BYTES, nextPatchBytes, refusedPatchCeiling } from './patchSize.ts';
import { openQueuedFile, type OpenedFile } from './sealedOutbox.ts';

/** Bytes of one file confirmed by the server so far; `index` is the file's place in the entry. */
export type FileProgress = { index: number; sent: number; total: number };
export type FileProgressListener = (progress: FileProgress) => void;

/*
 * Why not tus-js-client (which tests/api/tusClient.test.ts uses to prove the server speaks stock tus): this client
 * does what it cannot. Its PATCHes have one fixed chunkSize, where these follow the link's speed and shrink after a
 * proxy's 413 (patchSize.ts); its creation expects 201, where our server answers 200 with the staged result for a
 * file already complete (a queued entry sent again after its answer was lost); and its requests do not go through
 * `api`, which carries the login's bearer token, logs out on a dead one, and tells reachability.ts whether the server
 * answered. Bytes come from the device's sealed chunks one PATCH at a time (sealedOutbox.ts), never the whole file.
 */
const TUS = { 'Tus-Resumable': TUS_VERSION };

type Step = { kind: 'sent' } | SendOutcome;
type Upload = { url: string; offset: number; complete: boolean };

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

/** Upload-Metadata: each key with its value in base64 (UTF-8), as the tus creation extension says. */
function metadata(fields: Record<string, string>): string {
  const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(',');
}

/**
 * Creates the file's tus upload, or finds it again: the server answers the same upload for the same FileUploadID
 * and FileName, with its offset, or (200) what it was staged as when it is complete already.
 */
async function createUpload(entry: OutboxEntry, file: OpenedFile): Promise<Upload | SendOutcome> {
  const fields: Record<string, string> = {
    FileUploadID: String(entry.body.FileUploadID),
    FileName: file.name,
    ...(file.videoKind === undefined ? {} : { VideoKind: file.videoKind }),
  };
  const created = await request(() =>
    api.post('/api/uploads', {
      ...options,
      headers: { ...TUS, 'Upload-Length': String(file.size), 'Upload-Metadata': metadata(fields) },
    }),
  );
  if (created.status === 200) return { url: '', offset: file.size, complete: true };
  const url = created.headers.get('Location');
  if (created.status !== 201 || url === null) return { kind: 'answered', status: created.status, body: created.body };
  if (created.headers.get('Upload-Offset') === null) return { url, offset: 0, complete: false };
  // Found again: HEAD says where the server's copy ends (a PATCH whose answer was lost may have arrived after all).
  const head = await request(() => api.head(url, { ...options, headers: TUS }));
  if (head.status !== 200) return { kind: 'answered', status: head.status, body: head.body };
  return { url, offset: Number(head.headers.get('Upload-Offset') ?? 0), complete: false };
}

/**
 * Sends one file from where the server's copy ends, PATCH by PATCH, reporting after each confirmed one. A PATCH's
 * size follows how quickly the last was answered (patchSize.ts): one chunk on a slow link, up to 32 on a fast one.
 */
async function sendFile(entry: OutboxEntry, file: OpenedFile, onSent: (bytes: number) => Promise<void>): Promise<Step> {
  const upload = await createUpload(entry, file);
  if ('kind' in upload) return upload;
  let { offset, complete } = upload;
  let patchBytes = FIRST_PATCH_BYTES;
  let ceiling = MAX_PATCH_BYTES;
  await onSent(offset);
  while (!complete) {
    const at = offset;
    // An empty PATCH at the end asks the server to finish a file whose last bytes arrived just before a restart.
    // Opened from its sealed chunks on the device, one request's worth at a time.
    const chunk = await file.read(at, Math.min(at + patchBytes, file.size));
    const startedAt = performance.now();
    const answer = await request(() =>
      api.patch(upload.url, {
        ...options,
        body: chunk,
        headers: { ...TUS, 'Upload-Offset': String(at), 'Content-Type': CHUNK_CONTENT_TYPE },
      }),
    );
    if (answer.status === 409) {
      // Not where the server stands (a lost answer, another tab): ask it, and go on from there.
      const head = await request(() => api.head(upload.url, { ...options, headers: TUS }));
      if (head.status !== 200) return { kind: 'answered', status: head.status, body: head.body };
      offset = Number(head.headers.get('Upload-Offset') ?? at);
    } else if (answer.status === 204) {
      offset = Number(answer.headers.get('Upload-Offset') ?? at + chunk.length);
      patchBytes = nextPatchBytes(patchBytes, performance.now() - startedAt, ceiling);
    } else if (answer.status === 200) complete = true;
    else {
      // A 413 for more than one chunk may be a proxy's limit, not the server's: the same bytes go again in smaller
      // PATCHes (patchSize.ts). Any other answer stops the file.
      const smaller = answer.status === 413 ? refusedPatchCeiling(chunk.length) : undefined;
      if (smaller === undefined) return { kind: 'answered', status: answer.status, body: answer.body };
      ceiling = smaller;
      patchBytes = smaller;
    }
    await onSent(complete ? file.size : offset);
  }
  return { kind: 'sent' };
}

/**
 * Sends the files of a 'session-upload' entry through the tus resumable upload protocol (docs/api-sessions.md), so a
 * video cut off halfway goes on from the server's offset. Undefined when every file is staged and the call itself may
 * go; otherwise the outcome that stops it (no answer, or the server's refusal of a file). The entry's claim is renewed
 * with each PATCH, so a long video is not taken over by another tab as if its sender had died.
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
