import { randomUUID } from 'node:crypto';
import { POSE_MESSAGES, poseFloorMarksSchema, type PoseFloorMarks } from '#shared/sessions/poseJobs';
import type { Db, DbKind } from '#server/db/connect';
import type { PoseJobTable } from '#server/db/schema';
import { claimLeasedJob, failJobAttempt, renewJobLease } from '#server/workers/jobLease';
import type { SubSessionId } from '#shared/ids/ids';

/** A job whose worker stopped (killed, or the thread failed) this many times running is given up. */
export const MAX_POSE_ATTEMPTS = 3;

const OPEN_STATES = ['queued', 'running'] as const;

/**
 * Whether a recording whose video is being stored needs its walk measured on the server: it has no joint data, or
 * only joint data an earlier pose job measured from the video now replaced.
 */
export async function needsPoseJob(trx: Db, subSessionId: SubSessionId): Promise<boolean> {
  const joints = await trx
    .selectFrom('session_files')
    .select('origin')
    .where('sub_session_id', '=', subSessionId)
    .where('kind', '=', 'jointData')
    .executeTakeFirst();
  return joints === undefined || joints.origin === 'pose';
}

/** The floor marks a job is scaled by, as retryPoseJob stored them after parsing; null for the patient's height. */
export const storedFloorMarks = (row: Pick<PoseJobTable, 'floor_marks'>): PoseFloorMarks | null =>
  row.floor_marks === null ? null : poseFloorMarksSchema.parse(JSON.parse(row.floor_marks));

/**
 * Queues a pose job for a recording's video (stored under `sourceKey`), in the transaction that stores the video.
 * Jobs still open for an earlier video of the recording are cancelled.
 */
export async function queuePoseJob(trx: Db, subSessionId: SubSessionId, sourceKey: string, now: string) {
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
    floor_marks: null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('pose_jobs').values(row).execute();
  return row;
}

/** Cancels a recording's queued and running jobs: its video was replaced or removed, or joint data arrived. */
export async function cancelOpenPoseJobs(trx: Db, subSessionId: SubSessionId, now: string, reason?: string) {
  await trx
    .updateTable('pose_jobs')
    .set({ state: 'cancelled', error: reason ?? null, lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('sub_session_id', '=', subSessionId)
    .where('state', 'in', OPEN_STATES)
    .execute();
}

/** Claims the next pose job under a lease (claimLeasedJob, as the blurring jobs are: never twice at once). */
export const claimPoseJob = (db: Db, kind: DbKind, owner: string, now: Date, leaseSeconds: number) =>
  claimLeasedJob(db, kind, 'pose_jobs', {
    owner,
    now,
    leaseSeconds,
    maxAttempts: MAX_POSE_ATTEMPTS,
    givenUp: POSE_MESSAGES.stoppedEveryAttempt,
  });

/** Renews a pose job's lease with its progress; false when the job is no longer this worker's, which must stop. */
export const renewPoseLease = (
  db: Db,
  jobId: string,
  owner: string,
  now: Date,
  leaseSeconds: number,
  progress: number,
) => renewJobLease(db, 'pose_jobs', { jobId, owner, now, leaseSeconds, progress });

/**
 * Records a failed attempt: queued again while attempts remain and the failure may pass (a crash), else failed with
 * the reason (`final`: a refusal that another attempt would only repeat).
 */
export const failPoseAttempt = (
  db: Db,
  job: PoseJobTable,
  owner: string,
  reason: string,
  now: string,
  final: boolean,
) =>
  failJobAttempt(db, 'pose_jobs', {
    jobId: job.id,
    owner,
    reason,
    now,
    last: final || job.attempts >= MAX_POSE_ATTEMPTS,
  });
