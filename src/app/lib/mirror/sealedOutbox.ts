import { openRange, sealChunks } from '#shared/vault/sealedChunks';
import { chunkCipher, openJson, sealJson } from '#app/lib/vault/vaultCrypto';
import { vaultKey } from '#app/lib/vault/vaultKey';
import type { MirrorDb, OutboxEntry, QueuedFile, StoredOutboxEntry, StoredUploadFile } from './db.ts';

type SealedChange = { body: Record<string, unknown>; current?: Record<string, unknown>; subject?: string };

const ENTRY_CONTEXT = 'outbox';
const fileContext = (fileId: string) => `upload:${fileId}`;

/** What the outbox stores of an entry: its change sealed, its bookkeeping readable (db.ts StoredOutboxEntry). */
export async function sealEntry(entry: OutboxEntry): Promise<StoredOutboxEntry> {
  const { body, current, subject, ...bookkeeping } = entry;
  return { ...bookkeeping, ...(await sealedChangePatch({ body, current, subject })) };
}

/** An entry as the outbox code works with it; one an earlier release stored readable is taken as it is. */
export async function openEntry(stored: StoredOutboxEntry | OutboxEntry): Promise<OutboxEntry> {
  if (!('sealed' in stored)) return stored;
  const { sealed, ...bookkeeping } = stored;
  // Sealed as JSON: a part the change does not have (no conflict, no subject) is absent, not undefined.
  return { ...bookkeeping, ...(await openJson<SealedChange>(await vaultKey(), sealed, ENTRY_CONTEXT)) };
}

/** The patch that stores a new body (and clears or sets the server's record) for an entry. */
export async function sealedChangePatch(change: SealedChange): Promise<Pick<StoredOutboxEntry, 'sealed'>> {
  return { sealed: await sealJson(await vaultKey(), change, ENTRY_CONTEXT) };
}

/** A Blob's bytes as they come off the disk; a reader loop, because Safari's streams are not async iterable. */
async function* blobPieces(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * Seals the files of a queued Add Session chunk by chunk into `uploadChunks`, each chunk in its own transaction
 * (a 2 GB video is never held in memory). Called before the entry is stored; chunks of an entry that never got
 * stored are swept at the next unlock (sweepOrphanChunks).
 */
export async function storeQueuedFiles(db: MirrorDb, files: readonly QueuedFile[]): Promise<StoredUploadFile[]> {
  const key = await vaultKey();
  const cipher = chunkCipher(key);
  const stored: StoredUploadFile[] = [];
  for (const file of files) {
    const fileId = crypto.randomUUID();
    let index = 0;
    for await (const bytes of sealChunks(blobPieces(file.blob), cipher, fileContext(fileId))) {
      await db.uploadChunks.put({ fileId, index, bytes });
      index += 1;
    }
    const info = { name: file.name, videoKind: file.videoKind };
    stored.push({ fileId, size: file.blob.size, sealedInfo: await sealJson(key, info, fileContext(fileId)) });
  }
  return stored;
}

/** A queued file opened for sending: its name and kind, and any range of its bytes. */
export type OpenedFile = Omit<QueuedFile, 'blob'> & {
  size: number;
  read: (start: number, end: number) => Promise<Uint8Array<ArrayBuffer>>;
};

export async function openQueuedFile(db: MirrorDb, file: StoredUploadFile): Promise<OpenedFile> {
  const key = await vaultKey();
  const cipher = chunkCipher(key);
  const info = await openJson<Omit<QueuedFile, 'blob'>>(key, file.sealedInfo, fileContext(file.fileId));
  const readChunk = async (index: number) => {
    const chunk = await db.uploadChunks.get([file.fileId, index]);
    if (!chunk) throw new Error(`A part of ${info.name} is missing on this device.`);
    return chunk.bytes;
  };
  return {
    ...info,
    size: file.size,
    read: (start, end) => openRange(readChunk, file.size, start, end, cipher, fileContext(file.fileId)),
  };
}
