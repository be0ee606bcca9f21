import fs from 'node:fs';
import type { AuthUser } from '#server/auth/tokens';
import { HttpError } from '#server/http/errors';
import { acceptUpload } from './acceptUpload.ts';
import { discardFiles } from './derivedFiles.ts';
import type { SessionDeps } from '#server/deps';
import { stageFile, type StagingTarget } from './stageUpload.ts';
import { storeUpload } from './uploadBody.ts';
import { dropUpload, partPath, type UploadPart } from './uploadParts.ts';
import type { VideoKind } from '#shared/sessions/sessionSchemas';

const asVideoKind = (value: string | null): VideoKind | undefined =>
  value === 'Blurred' || value === 'Unblurred' ? value : undefined;

/**
 * The last chunk arrived: the whole file goes through the same checks and staging as a sendFile upload (acceptUpload:
 * its content decides what it is). A refused file leaves nothing behind, not even its bytes; a staged one keeps its row, so a
 * repeated start or chunk answers 'complete' instead of sending the file again.
 */
export async function finishUpload(
  deps: SessionDeps,
  user: AuthUser,
  row: UploadPart,
): Promise<Record<string, unknown>> {
  const size = Number(row.size);
  let derived;
  try {
    const received = await storeUpload(deps, fs.createReadStream(partPath(deps, row.id), { start: 0, end: size - 1 }));
    derived = await acceptUpload(deps, received);
  } catch (error) {
    if (error instanceof HttpError) await dropUpload(deps, row.id);
    throw error;
  }
  const file = derived.files[0];
  if (file === undefined) throw new Error('The finished upload prepared no file');
  const target: StagingTarget = {
    fileUploadId: row.file_upload_id,
    fileName: row.file_name,
    videoKind: asVideoKind(row.video_kind),
  };
  const released: string[] = [];
  let answer: Record<string, unknown>;
  try {
    answer = await deps.database.db.transaction().execute(async (trx) => {
      const staged = await stageFile(trx, deps.clock(), user, target, file, (key) => released.push(key));
      const done = { result: 'success', returnValue: 0, ...staged, complete: true, offset: size };
      const marked = await trx
        .updateTable('upload_parts')
        .set({ answer: JSON.stringify(done) })
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
  await fs.promises.rm(partPath(deps, row.id), { force: true });
  return answer;
}
