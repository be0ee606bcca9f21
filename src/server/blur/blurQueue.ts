import { randomUUID } from 'node:crypto';
import type { BlurMethod, BlurRegion } from '#shared/sessions/blurJobs';
import type { Db, DbKind } from '#server/db/connect';
import type { BlurJobTable } from '#server/db/schema';
import type { Clock } from '#server/clock';
import { bumpRecordingVersion } from '#server/records/versions';
import { claimLeasedJob, failJobAttempt, jobSourceIsCurrent, renewJobLease } from '#server/workers/jobLease';
import type { SubSessionId } from '#shared/ids/ids';

/** A job whose worker never renewed its lease this many times running is given up as failing every time. */
export const MAX_BLUR_ATTEMPTS = 3;
const BLUR_GIVEN_UP = 'The blurring stopped before it finished on every attempt.';

const OPEN_STATES = ['queued', 'running'] as const;

/**
 * Queues a blurring job for a recording's unblurred video (stored under `sourceKey`), in the transaction that
 * stores the video, so that no video is ever kept without its job. Jobs still open for an earlier video of the
 * recording are cancelled: the video they would blur is no longer the recording's.
 */
export async function queueBlurJob(
  trx: Db,
  subSessionId: SubSessionId,
  sourceKey: string,
  now: string,
  options: { method: BlurMethod; regions?: readonly BlurRegion[]; released?: { by: string } },
): Promise<BlurJobTable> {
  await cancelOpenBlurJobs(trx, subSessionId, now);
  const row: BlurJobTable = {
    id: randomUUID(),
    sub_session_id: subSessionId,
    source_key: sourceKey,
    method: options.method,
    regions: options.regions === undefined || options.regions.length === 0 ? null : JSON.stringify(options.regions),
    state: 'queued',
    progress: 0,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    output_key: null,
    head_boxes: null,
    error: null,
    // A whole-frame blur a reviewer asked to release needs no second look: it hides every head by construction.
    review: options.released === undefined ? 'pending' : 'wholeFrameReleased',
    reviewed_by: options.released?.by ?? null,
    reviewed_at: options.released === undefined ? null : now,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('blur_jobs').values(row).execute();
  return row;
}

/** Cancels a recording's queued and running jobs (its video was replaced, a blurred one uploaded, or it was removed). */
export async function cancelOpenBlurJobs(trx: Db, subSessionId: SubSessionId, now: string): Promise<void> {
  await trx
    .updateTable('blur_jobs')
    .set({ state: 'cancelled', lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('sub_session_id', '=', subSessionId)
    .where('state', 'in', OPEN_STATES)
    .execute();
}

/** Claims the next blurring job under a lease (claimLeasedJob: two instances never get the same job). */
export const claimBlurJob = (db: Db, kind: DbKind, owner: string, now: Date, leaseSeconds: number) =>
  claimLeasedJob(db, kind, 'blur_jobs', {
    owner,
    now,
    leaseSeconds,
    maxAttempts: MAX_BLUR_ATTEMPTS,
    givenUp: BLUR_GIVEN_UP,
  });

/** Renews a blurring job's lease with its progress; false when the job is no longer this worker's. */
export const renewBlurLease = (
  db: Db,
  jobId: string,
  owner: string,
  now: Date,
  leaseSeconds: number,
  progress: number,
) => renewJobLease(db, 'blur_jobs', { jobId, owner, now, leaseSeconds, progress });

/** Records a failed attempt: queued again while attempts remain, else failed with the reason. */
export const failBlurAttempt = (db: Db, job: BlurJobTable, owner: string, reason: string, now: string) =>
  failJobAttempt(db, 'blur_jobs', { jobId: job.id, owner, reason, now, last: job.attempts >= MAX_BLUR_ATTEMPTS });

/**
 * Stores a finished job's output as the recording's blurred video (origin 'blurred', so it is released only once
 * reviewed), in one transaction with marking the job done. Answers the storage key the output replaced, to delete
 * after the commit, or false when the job was cancelled or taken over meanwhile or its video replaced: the output is
 * then not kept.
 */
export async function finishBlurJob(
  db: Db,
  job: BlurJobTable,
  owner: string,
  output: { key: string; size: number; sha256: string; headBoxes: string | null },
  clock: Clock,
): Promise<{ replaced: string | null } | false> {
  const now = clock().toISOString();
  return db.transaction().execute(async (trx) => {
    // A video replaced or removed while it was blurred: the job ends, its output is not the recording's.
    if (!(await jobSourceIsCurrent(trx, job))) {
      await trx
        .updateTable('blur_jobs')
        .set({
          state: 'cancelled',
          error: 'The video was replaced or removed while it was blurred.',
          lease_owner: null,
          lease_expires_at: null,
          updated_at: now,
        })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'running')
        .execute();
      return false;
    }
    // Only while the job is still this worker's (not cancelled, not taken over); on PostgreSQL the row stays locked
    // to the commit, so a cancel cannot slip in between this and the file row.
    const mine = await trx
      .updateTable('blur_jobs')
      .set({
        state: 'done',
        progress: 100,
        output_key: output.key,
        head_boxes: output.headBoxes,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .executeTakeFirst();
    if (Number(mine.numUpdatedRows) !== 1) return false;
    const existing = await trx
      .selectFrom('session_files')
      .select('storage_key')
      .where('sub_session_id', '=', job.sub_session_id)
      .where('kind', '=', 'blurredVideo')
      .executeTakeFirst();
    const columns = {
      storage_key: output.key,
      size: output.size,
      sha256: output.sha256,
      content_type: 'video/mp4',
      origin: 'blurred' as const,
      created_at: now,
    };
    if (existing === undefined) {
      await trx
        .insertInto('session_files')
        .values({ sub_session_id: job.sub_session_id, kind: 'blurredVideo', ...columns })
        .execute();
    } else {
      await trx
        .updateTable('session_files')
        .set(columns)
        .where('sub_session_id', '=', job.sub_session_id)
        .where('kind', '=', 'blurredVideo')
        .execute();
    }
    await bumpRecordingVersion(trx, clock, job.sub_session_id);
    return { replaced: existing?.storage_key ?? null };
  });
}
