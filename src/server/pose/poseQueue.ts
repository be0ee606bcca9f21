import { randomUUID } from 'node:crypto';
import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import type { Db, DbKind } from '#server/db/connect';
import type { PoseJobTable } from '#server/db/schema';

/** A job whose worker stopped (killed, or the thread failed) this many times running is given up. */
export const MAX_POSE_ATTEMPTS = 3;

const OPEN_STATES = ['queued', 'running'] as const;

/**
 * Whether a recording whose video is being stored needs its walk measured on the server: it has no joint data, or
 * only joint data an earlier pose job measured from the video now replaced.
 */
export async function needsPoseJob(trx: Db, subSessionId: string): Promise<boolean> {
  const joints = await trx
    .selectFrom('session_files')
    .select('origin')
    .where('sub_session_id', '=', subSessionId)
    .where('kind', '=', 'jointData')
    .executeTakeFirst();
  return joints === undefined || joints.origin === 'pose';
}

/**
 * Queues a pose job for a recording's video (stored under `sourceKey`), in the transaction that stores the video.
 * Jobs still open for an earlier video of the recording are cancelled.
 */
export async function queuePoseJob(trx: Db, subSessionId: string, sourceKey: string, now: string) {
  await cancelOpenPoseJobs(trx, subSessionId, now);
  const row: PoseJobTable = {
    id: randomUUID(),
    sub_session_id: subSessionId,
    source_key: sourceKey,
    state: 'queued',
    progress: 0,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    error: null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('pose_jobs').values(row).execute();
  return row;
}

/** Cancels a recording's queued and running jobs: its video was replaced or removed, or joint data arrived. */
export async function cancelOpenPoseJobs(trx: Db, subSessionId: string, now: string, reason?: string) {
  await trx
    .updateTable('pose_jobs')
    .set({ state: 'cancelled', error: reason ?? null, lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('sub_session_id', '=', subSessionId)
    .where('state', 'in', OPEN_STATES)
    .execute();
}

/**
 * Claims the oldest job that is queued, or running under a lease that has expired, as claimBlurJob does
 * (src/server/blur/blurQueue.ts): FOR UPDATE SKIP LOCKED on PostgreSQL, one write statement on SQLite, so two
 * claimers never get the same job.
 */
export async function claimPoseJob(
  db: Db,
  kind: DbKind,
  owner: string,
  now: Date,
  leaseSeconds: number,
): Promise<PoseJobTable | undefined> {
  const at = now.toISOString();
  await db
    .updateTable('pose_jobs')
    .set({
      state: 'failed',
      error: POSE_MESSAGES.stoppedEveryAttempt,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: at,
    })
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', at)
    .where('attempts', '>=', MAX_POSE_ATTEMPTS)
    .execute();
  let candidate = db
    .selectFrom('pose_jobs')
    .select('id')
    .where((eb) =>
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', at)])]),
    )
    .where('attempts', '<', MAX_POSE_ATTEMPTS)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  if (kind === 'postgres') candidate = candidate.forUpdate().skipLocked();
  return db
    .updateTable('pose_jobs')
    .set((eb) => ({
      state: 'running',
      progress: 0,
      attempts: eb('attempts', '+', 1),
      lease_owner: owner,
      lease_expires_at: new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
      error: null,
      updated_at: at,
    }))
    .where('id', '=', (eb) => eb.selectFrom(candidate.as('c')).select('c.id'))
    .returningAll()
    .executeTakeFirst();
}

/** Renews the lease with the progress; false when the job is no longer this worker's, which must then stop. */
export async function renewPoseLease(
  db: Db,
  jobId: string,
  owner: string,
  now: Date,
  leaseSeconds: number,
  progress: number,
): Promise<boolean> {
  const done = await db
    .updateTable('pose_jobs')
    .set({
      progress: Math.max(0, Math.min(99, Math.floor(progress))),
      lease_expires_at: new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: queued again while attempts remain and the failure may pass (a crash), else failed with
 * the reason (`final`: a refusal that another attempt would only repeat); 'notMine' when the job was cancelled or
 * taken over meanwhile.
 */
export async function failPoseAttempt(
  db: Db,
  job: PoseJobTable,
  owner: string,
  reason: string,
  now: string,
  final: boolean,
): Promise<'failed' | 'queued' | 'notMine'> {
  const last = final || job.attempts >= MAX_POSE_ATTEMPTS;
  const done = await db
    .updateTable('pose_jobs')
    .set({
      state: last ? 'failed' : 'queued',
      error: reason.slice(0, 1000),
      progress: 0,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return 'notMine';
  return last ? 'failed' : 'queued';
}

/** Whether a recording's video is still the one a job measures, and the recording is not removed. */
export async function poseSourceIsCurrent(db: Db, job: Pick<PoseJobTable, 'sub_session_id' | 'source_key'>) {
  const row = await db
    .selectFrom('session_files as f')
    .innerJoin('sub_sessions as ss', 'ss.id', 'f.sub_session_id')
    .select('f.storage_key')
    .where('f.sub_session_id', '=', job.sub_session_id)
    .where('f.kind', '=', 'video')
    .where('ss.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.storage_key === job.source_key;
}
