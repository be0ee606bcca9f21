import type { Readable } from 'node:stream';
import type { AuthUser } from '#server/auth/tokens';
import { HttpError } from '#server/http/errors';
import { acceptUpload } from './acceptUpload.ts';
import { discardFiles } from './derivedFiles.ts';
import type { SessionDeps } from '#server/deps';
import { stageFile, type StagingTarget } from './stageUpload.ts';
import { adoptUpload, storeUpload } from './uploadBody.ts';
import type { UploadPart } from './tus/uploadRegistry.ts';
import type { VideoKind } from '#shared/sessions/sessionSchemas';

const asVideoKind = (value: string | null): VideoKind | undefined =>
  value === 'Blurred' || value === 'Unblurred' ? value : undefined;

/** What the transport hands over once the last byte of an upload is stored. */
export type FinishedUpload = {
  row: UploadPart;
  /** The whole file, from its first byte. */
  read: () => Promise<Readable>;
  /** The whole file on this server's disk, if the upload store keeps it there: linked into storage, not copied. */
  file?: { path: string; sha256: string | undefined };
  /** Removes the upload and its bytes: a refused file leaves nothing behind. */
  drop: () => Promise<void>;
};

/**
 * The last byte arrived (the tus transport calls this once per upload): the whole file goes through the same checks
 * and staging as a sendFile upload (acceptUpload: its content decides what it is). A refused file leaves nothing behind, not even
 * its bytes; a staged one keeps its row with the answer, so a repeated creation or PATCH answers it again instead of
 * staging the file twice.
 */
export async function finishUpload(
  deps: SessionDeps,
  user: AuthUser,
  { row, read, file: onDisk, drop }: FinishedUpload,
): Promise<Record<string, unknown>> {
  const size = Number(row.size);
  let derived;
  try {
    const received = onDisk === undefined ? await storeUpload(deps, await read()) : await adoptUpload(deps, onDisk);
    derived = await acceptUpload(deps, received);
  } catch (error) {
    if (error instanceof HttpError) await drop();
    throw error;
  }
  const target: StagingTarget = {
    fileUploadId: row.file_upload_id,
    fileName: row.file_name,
    videoKind: asVideoKind(row.video_kind),
  };
  const released: string[] = [];
  let answer: Record<string, unknown>;
  try {
    answer = await deps.database.db.transaction().execute(async (trx) => {
      const staged = await stageFile(trx, deps.clock(), user, target, derived.files, (key) => released.push(key));
      const done = { result: 'success', returnValue: 0, ...staged, complete: true, offset: size };
      const marked = await trx
        .updateTable('upload_parts')
        .set({ answer: JSON.stringify(done), received: size })
        .where('id', '=', row.id)
        .where('answer', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw new HttpError(409, 'This upload was already completed.');
      return done;
    });
  } catch (error) {
    await discardFiles(deps, derived.created);
    throw error;
  }
  await discardFiles(deps, released);
  return answer;
}
