import { randomUUID } from 'node:crypto';
import type { BlurMethod, BlurRegion } from '#shared/sessions/blurJobs';
import type { Db, DbKind } from '#server/db/connect';
import type { BlurJobTable } from '#server/db/schema';
import type { Clock } from '#server/clock';
import { nextVersion } from '#server/records/versions';

/** A job whose worker never renewed its lease this many times running is given up as failing every time. */
export const MAX_BLUR_ATTEMPTS = 3;

const OPEN_STATES = ['queued', 'running'] as const;

/**
 * Queues a blurring job for a recording's unblurred video (stored under `sourceKey`), in the transaction that
 * stores the video, so that no video is ever kept without its job. Jobs still open for an earlier video of the
 * recording are cancelled: the video they would blur is no longer the recording's.
 */
export async function queueBlurJob(
  trx: Db,
  subSessionId: string,
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
export async function cancelOpenBlurJobs(trx: Db, subSessionId: string, now: string): Promise<void> {
  await trx
    .updateTable('blur_jobs')
    .set({ state: 'cancelled', lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('sub_session_id', '=', subSessionId)
    .where('state', 'in', OPEN_STATES)
    .execute();
}

/**
 * Claims the oldest job that is queued, or running under a lease that has expired (its instance stopped or was
 * killed): the job is this worker's until `leaseSeconds` from now, unless renewed. On PostgreSQL the candidate row is
 * locked with FOR UPDATE SKIP LOCKED, so instances claiming at once each get another job and none waits for another's
 * lock; on SQLite the one UPDATE statement is one write transaction, which the database runs one at a time. Either
 * way two claimers never get the same job.
 */
export async function claimBlurJob(
  db: Db,
  kind: DbKind,
  owner: string,
  now: Date,
  leaseSeconds: number,
): Promise<BlurJobTable | undefined> {
  const at = now.toISOString();
  // A job whose lease ran out on its last attempt is given up rather than run a fourth time.
  await db
    .updateTable('blur_jobs')
    .set({
      state: 'failed',
      error: 'The blurring stopped before it finished on every attempt.',
      lease_owner: null,
      lease_expires_at: null,
      updated_at: at,
    })
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', at)
    .where('attempts', '>=', MAX_BLUR_ATTEMPTS)
    .execute();
  let candidate = db
    .selectFrom('blur_jobs')
    .select('id')
    .where((eb) =>
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', at)])]),
    )
    .where('attempts', '<', MAX_BLUR_ATTEMPTS)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  if (kind === 'postgres') candidate = candidate.forUpdate().skipLocked();
  return db
    .updateTable('blur_jobs')
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

/**
 * Renews the lease and records the progress; false when the job is no longer this worker's (cancelled, or its
 * lease expired and another instance took it), and the worker must stop.
 */
export async function renewBlurLease(
  db: Db,
  jobId: string,
  owner: string,
  now: Date,
  leaseSeconds: number,
  progress: number,
): Promise<boolean> {
  const done = await db
    .updateTable('blur_jobs')
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
 * Records a failed attempt: queued again while attempts remain, else failed with the reason; 'notMine' when the job
 * was cancelled or taken over meanwhile (its stop is what failed).
 */
export async function failBlurAttempt(
  db: Db,
  job: BlurJobTable,
  owner: string,
  reason: string,
  now: string,
): Promise<'failed' | 'queued' | 'notMine'> {
  const last = job.attempts >= MAX_BLUR_ATTEMPTS;
  const done = await db
    .updateTable('blur_jobs')
    .set({
      state: last ? 'failed' : 'queued',
      error: reason.slice(0, 500),
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

/** Whether a recording's video is still the one a job blurs, and the recording is not removed. */
export async function sourceIsCurrent(db: Db, job: Pick<BlurJobTable, 'sub_session_id' | 'source_key'>) {
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
    if (!(await sourceIsCurrent(trx, job))) {
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
    // The recording's row changed (it has a blurred video now): client mirrors fetch it with their next delta.
    const recording = await trx
      .selectFrom('sub_sessions')
      .select('date_modified')
      .where('id', '=', job.sub_session_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('sub_sessions')
      .set({ date_modified: nextVersion(clock, recording.date_modified) })
      .where('id', '=', job.sub_session_id)
      .execute();
    return { replaced: existing?.storage_key ?? null };
  });
}
