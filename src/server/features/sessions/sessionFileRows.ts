import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import type { BlurMethod } from '#shared/sessions/blurJobs';
import type { Trx } from '#server/http/idempotency';
import { cancelOpenBlurJobs, queueBlurJob } from '#server/blur/blurQueue';
import { cancelOpenPoseJobs, needsPoseJob, queuePoseJob } from '#server/pose/poseQueue';
import type { FileToStore } from './derivedFiles.ts';
import type { Release } from './writeWithFiles.ts';
import type { SubSessionId } from '#shared/ids/ids';

/**
 * Records files against a sub-session, replacing any of the same kind (the replaced file is released, to be deleted
 * after the commit). Gait metrics a user supplied (uploaded or from a clinic-format file) are not overwritten by
 * metrics the engine computed. Joint data stored without an original recording drops the one kept before: it was
 * the original of the joint data now replaced; likewise joint data stored without a motion file drops the OpenSim
 * motion file of the recording it replaces, and the metrics a pose job measured from the joint data it replaces. An
 * unblurred video stored without a blurred one gets a blurring job (docs/blurring.md) in the same transaction; a
 * blurred video a person uploads ends the jobs still open. A video
 * stored where the recording has no joint data (or only joint data measured from its earlier video) gets a pose job
 * (docs/pose-jobs.md); joint data stored ends the pose jobs still open.
 */
export async function storeSessionFiles(
  trx: Trx,
  subSessionId: SubSessionId,
  files: readonly FileToStore[],
  release: Release,
  now: string,
  blurMethod: BlurMethod,
) {
  for (const companion of ['originalRecording', 'motion', 'gaitMetrics'] as const) {
    if (!files.some((f) => f.kind === 'jointData') || files.some((f) => f.kind === companion)) continue;
    let drop = trx.deleteFrom('session_files').where('sub_session_id', '=', subSessionId).where('kind', '=', companion);
    // Metrics a pose job measured belong to the joint data it measured; any other metrics file stays.
    if (companion === 'gaitMetrics') drop = drop.where('origin', '=', 'pose');
    const stale = await drop.returning('storage_key').execute();
    for (const row of stale) release(row.storage_key);
  }
  for (const file of files) {
    const existing = await trx
      .selectFrom('session_files')
      .select(['storage_key', 'origin'])
      .where('sub_session_id', '=', subSessionId)
      .where('kind', '=', file.kind)
      .executeTakeFirst();
    const columns = {
      storage_key: file.key,
      size: file.size,
      sha256: file.sha256,
      content_type: file.contentType,
      origin: file.origin,
      created_at: now,
    };
    if (existing === undefined) {
      await trx
        .insertInto('session_files')
        .values({ sub_session_id: subSessionId, kind: file.kind, ...columns })
        .execute();
    } else if (file.origin === 'computed' && existing.origin !== 'computed' && existing.origin !== 'pose') {
      release(file.key);
    } else {
      release(existing.storage_key);
      await trx
        .updateTable('session_files')
        .set(columns)
        .where('sub_session_id', '=', subSessionId)
        .where('kind', '=', file.kind)
        .execute();
    }
  }
  const video = files.find((f) => f.kind === 'video');
  if (files.some((f) => f.kind === 'blurredVideo')) await cancelOpenBlurJobs(trx, subSessionId, now);
  else if (video !== undefined) await queueBlurJob(trx, subSessionId, video.key, now, { method: blurMethod });
  if (files.some((f) => f.kind === 'jointData')) {
    await cancelOpenPoseJobs(trx, subSessionId, now, POSE_MESSAGES.jointDataArrived);
  } else if (video !== undefined) {
    if (await needsPoseJob(trx, subSessionId)) await queuePoseJob(trx, subSessionId, video.key, now);
    else await cancelOpenPoseJobs(trx, subSessionId, now, POSE_MESSAGES.replaced);
  }
}

/** Takes staged files out of staging for a commit; if another request took them first, nothing is committed (409). */
export async function consumeStaged(trx: Trx, fileUploadId: string, files: readonly FileToStore[]): Promise<boolean> {
  for (const file of files) {
    if (file.stagedSlot === undefined) continue;
    const gone = await trx
      .deleteFrom('upload_staging')
      .where('file_upload_id', '=', fileUploadId)
      .where('slot', '=', file.stagedSlot)
      .where('storage_key', '=', file.key)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return false;
  }
  return true;
}
