import type { MirrorDb, OutboxEntry, QueuedFile, StoredOutboxEntry, StoredUpload } from './db.ts';
import { sealEntry, storeQueuedFiles } from './sealedOutbox.ts';

const isReadableEntry = (row: StoredOutboxEntry | OutboxEntry): row is OutboxEntry => !('sealed' in row);

/** Whether an earlier release stored any of these outbox entries readable. */
export const hasReadableEntries = (rows: readonly (StoredOutboxEntry | OutboxEntry)[]) => rows.some(isReadableEntry);

type ReadableUpload = { seq: number; files: QueuedFile[] };
const isReadableUpload = (row: StoredUpload | ReadableUpload): row is ReadableUpload =>
  row.files.some((file) => 'blob' in file);

/**
 * Seals what an earlier release stored readable (outbox entries and their files), then drops file chunks that no
 * entry owns (an Add Session whose entry was never stored). Runs when the vault opens, before anything is sent.
 */
export async function sealLeftovers(db: MirrorDb): Promise<void> {
  const entries: (StoredOutboxEntry | OutboxEntry)[] = await db.outbox.toArray();
  for (const entry of entries.filter(isReadableEntry)) await db.outbox.put(await sealEntry(entry));
  const uploads: (StoredUpload | ReadableUpload)[] = await db.uploads.toArray();
  for (const upload of uploads.filter(isReadableUpload)) {
    await db.uploads.put({ seq: upload.seq, files: await storeQueuedFiles(db, upload.files) });
  }
  const owned = new Set((await db.uploads.toArray()).flatMap((upload) => upload.files.map((file) => file.fileId)));
  const keys = await db.uploadChunks.toCollection().primaryKeys();
  const orphans = keys.filter(([fileId]) => !owned.has(fileId));
  if (orphans.length > 0) await db.uploadChunks.bulkDelete(orphans);
}
