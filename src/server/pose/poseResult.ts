import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/connect';
import type { PoseJobTable } from '#server/db/schema';
import { bumpRecordingVersion } from '#server/records/versions';
import type { StoredFile } from '#server/storage/fileStorage';
import { jobSourceIsCurrent } from '#server/workers/jobLease';
import { needsPoseJob } from './poseQueue.ts';
import type { SubSessionId } from '#shared/ids/ids';

/**
 * One file of a finished job as the recording's, replacing one of the same kind; a gait metrics file a user supplied
 * (uploaded, or from a clinic-format file) is never replaced, as the engine never replaces one. The joint data it
 * replaces can only be an earlier pose job's (needsPoseJob).
 */
async function storePoseFile(
  trx: Db,
  subSessionId: SubSessionId,
  kind: 'jointData' | 'gaitMetrics',
  file: StoredFile,
  now: string,
): Promise<{ stored: true; replaced: string[] } | { stored: false }> {
  const existing = await trx
    .selectFrom('session_files')
    .select(['storage_key', 'origin'])
    .where('sub_session_id', '=', subSessionId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const columns = {
    storage_key: file.key,
    size: file.size,
    sha256: file.sha256,
    content_type: 'application/json',
    origin: 'pose' as const,
    created_at: now,
  };
  if (existing === undefined) {
    await trx
      .insertInto('session_files')
      .values({ sub_session_id: subSessionId, kind, ...columns })
      .execute();
    return { stored: true, replaced: [] };
  }
  if (existing.origin === 'uploaded' || existing.origin === 'converted') return { stored: false };
  await trx
    .updateTable('session_files')
    .set(columns)
    .where('sub_session_id', '=', subSessionId)
    .where('kind', '=', kind)
    .execute();
  return { stored: true, replaced: [existing.storage_key] };
}

/** The files a finished job measured: the joint data file and the metrics file, as the device writes them. */
export type PoseOutput = { jointData: StoredFile; metrics: StoredFile };

/**
 * Stores a finished job's joint data and metrics as the recording's (origin 'pose': kept like the device's upload of
 * the same analysis, so the engine never overwrites the metrics), in one transaction with marking the job done.
 * Answers the storage keys to delete after the commit (the files replaced, and a metrics file not kept), or false
 * when the job was cancelled or taken over meanwhile, its video replaced, or joint data arrived: its files are then
 * not kept.
 */
export async function finishPoseJob(
  db: Db,
  job: PoseJobTable,
  owner: string,
  output: PoseOutput,
  clock: Clock,
): Promise<{ replaced: string[] } | false> {
  const now = clock().toISOString();
  return db.transaction().execute(async (trx) => {
    const stillMine = () =>
      trx
        .updateTable('pose_jobs')
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'running');
    const released = { lease_owner: null, lease_expires_at: null, updated_at: now };
    const video = await jobSourceIsCurrent(trx, job);
    if (!video || !(await needsPoseJob(trx, job.sub_session_id))) {
      const error = video ? POSE_MESSAGES.jointDataArrived : POSE_MESSAGES.replaced;
      await stillMine()
        .set({ state: 'cancelled', error, ...released })
        .execute();
      return false;
    }
    // On PostgreSQL the row stays locked to the commit, so a cancel cannot slip in between this and the file rows.
    const mine = await stillMine()
      .set({ state: 'done', progress: 100, ...released })
      .executeTakeFirst();
    if (Number(mine.numUpdatedRows) !== 1) return false;
    const replaced: string[] = [];
    for (const [kind, file] of [
      ['jointData', output.jointData],
      ['gaitMetrics', output.metrics],
    ] as const) {
      const kept = await storePoseFile(trx, job.sub_session_id, kind, file, now);
      if (kept.stored) replaced.push(...kept.replaced);
      else replaced.push(file.key);
    }
    await bumpRecordingVersion(trx, clock, job.sub_session_id);
    return { replaced };
  });
}
