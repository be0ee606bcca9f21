import type { UploadContentKind, VideoKind } from '#shared/sessions/sessionSchemas';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import type { AuthUser } from '#server/auth/tokens';
import { conflict } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import type { FileToStore } from './derivedFiles.ts';
import type { Release } from './writeWithFiles.ts';

/** Staged files that addSession never committed are removed after a day. */
const STAGING_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Where the file was sent to: its FileUploadID and what its name and VideoKind say about a video's role. */
export type StagingTarget = { fileUploadId: string; fileName: string | undefined; videoKind: VideoKind | undefined };

/** The explicit VideoKind wins; otherwise a file name saying 'blur' (and not 'unblur') marks the blurred video. */
function videoKindOf(explicit: VideoKind | undefined, fileName: string | undefined): VideoKind | null {
  if (explicit !== undefined) return explicit;
  const name = (fileName ?? '').toLowerCase();
  if (name.includes('unblur')) return 'Unblurred';
  return name.includes('blur') ? 'Blurred' : null;
}

async function purgeExpiredStaging(trx: Trx, now: Date, release: Release): Promise<void> {
  const cutoff = new Date(now.getTime() - STAGING_LIFETIME_MS).toISOString();
  const expired = await trx
    .selectFrom('upload_staging')
    .select(['file_upload_id', 'slot', 'storage_key'])
    .where('created_at', '<', cutoff)
    .limit(100)
    .execute();
  for (const row of expired) {
    await trx
      .deleteFrom('upload_staging')
      .where('file_upload_id', '=', row.file_upload_id)
      .where('slot', '=', row.slot)
      .execute();
    release(row.storage_key);
  }
}

/**
 * A received file is staged as what its content is: a recording of another format as the joint data it gives (the
 * joint data made from it is staged beside it); a blurred video is a role a video takes only at addSession.
 */
function stagedKind(kind: SessionFileKind): UploadContentKind {
  if (kind === 'originalRecording') return 'jointData';
  if (kind === 'blurredVideo') throw new Error(`A staged file is named by its content, not by its role: ${kind}`);
  return kind;
}

/**
 * Stages one received file under its FileUploadID for addSession (sendFile and the resumable upload alike), with the
 * files made from it when it arrived (acceptUpload) in rows of their own that name its slot; the same kind sent
 * again replaces the earlier one and what was made from it. Answers what the file was recognised as.
 */
export async function stageFile(
  trx: Trx,
  now: Date,
  user: AuthUser,
  target: StagingTarget,
  [file, ...made]: readonly FileToStore[],
  release: Release,
) {
  if (file === undefined) throw new Error('Nothing to stage');
  const kind = stagedKind(file.kind);
  const videoKind = kind === 'video' ? videoKindOf(target.videoKind, target.fileName) : null;
  const slot = kind === 'video' ? `video:${videoKind ?? ''}` : kind;
  const owner = await trx
    .selectFrom('upload_staging')
    .select('user_id')
    .where('file_upload_id', '=', target.fileUploadId)
    .where('user_id', '!=', user.id)
    .executeTakeFirst();
  if (owner !== undefined) throw conflict('This FileUploadID is in use by another upload.');
  await purgeExpiredStaging(trx, now, release);
  const earlier = await trx
    .deleteFrom('upload_staging')
    .where('file_upload_id', '=', target.fileUploadId)
    .where((eb) => eb.or([eb('slot', '=', slot), eb('derived_from', '=', slot)]))
    .returning('storage_key')
    .execute();
  for (const row of earlier) release(row.storage_key);
  const row = (staged: FileToStore, origin: FileToStore['origin'], madeFrom: string | null) => ({
    file_upload_id: target.fileUploadId,
    slot: madeFrom === null ? slot : `${madeFrom}+${staged.kind}`,
    kind: madeFrom === null ? kind : staged.kind,
    video_kind: madeFrom === null ? videoKind : null,
    storage_key: staged.key,
    size: staged.size,
    sha256: staged.sha256,
    content_type: staged.contentType,
    user_id: user.id,
    created_at: now.toISOString(),
    derived_from: madeFrom,
    origin,
  });
  await trx
    .insertInto('upload_staging')
    .values([row(file, 'uploaded', null), ...made.map((m) => row(m, m.origin, slot))])
    .execute();
  return { FileUploadID: target.fileUploadId, Kind: kind, VideoKind: videoKind };
}
