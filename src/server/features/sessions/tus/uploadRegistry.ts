import type { Selectable } from 'kysely';
import type { UploadPartTable } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import type { StorageDeps } from '#server/deps';
import { openUploadStore, type UploadStore } from '#server/storage/uploadStore';

/**
 * One row per tus upload: whose it is, the Add Session file it carries (FileUploadID, FileName, VideoKind), its
 * declared size and, once staged, the answer. The bytes and the offset live in the upload store; the row is what
 * ties an upload to its user (so another user's upload answers 404) and lets a repeated creation find it again.
 */
export type UploadPart = Selectable<UploadPartTable>;

/** An upload never finished is given up after a day, like a staged file addSession never committed. */
const PART_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The caller's own upload; someone else's answers 404 like an unknown one (existence is not leaked). */
export async function findUpload(db: Trx, userId: string, id: string): Promise<UploadPart> {
  const row = await db
    .selectFrom('upload_parts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('Upload not found');
  return row;
}

/** The upload the same user started for the same FileUploadID and FileName, if any. */
export function findUploadOf(db: Trx, userId: string, fileUploadId: string, fileName: string) {
  return db
    .selectFrom('upload_parts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('file_upload_id', '=', fileUploadId)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

/** Drops an upload: its row, then its bytes (refused content, terminated, or given up). */
export async function dropUpload(deps: StorageDeps, uploads: UploadStore, id: string): Promise<void> {
  await deps.database.db.deleteFrom('upload_parts').where('id', '=', id).execute();
  await uploads.discard(uploads.storeId(id));
}

/** Gives up uploads started more than a day ago, and their bytes (the store's own expiry is not relied on). */
export async function purgeAbandonedUploads(
  deps: StorageDeps,
  now: Date,
  uploads = openUploadStore(deps.config.storage),
): Promise<void> {
  const cutoff = new Date(now.getTime() - PART_LIFETIME_MS).toISOString();
  const old = await deps.database.db
    .selectFrom('upload_parts')
    .select('id')
    .where('created_at', '<', cutoff)
    .limit(100)
    .execute();
  for (const row of old) await dropUpload(deps, uploads, row.id);
}
