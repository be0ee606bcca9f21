import type { Kysely } from 'kysely';
import type { Db, DbKind } from '#server/db/connect';
import type { BlurJobTable, PoseJobTable } from '#server/db/schema';

/** The queues whose jobs a worker runs under a lease: blurring (src/server/blur) and pose (src/server/pose). */
export type LeasedJobTable = 'blur_jobs' | 'pose_jobs';

/** What the lease rules read and write: the columns both queues have (a pose job has no others). */
type LeaseColumns = PoseJobTable;

/** Each queue's whole row, as a claim answers it. */
type LeasedRow = { blur_jobs: BlurJobTable; pose_jobs: PoseJobTable };

/** The queue's table seen through its lease columns only, so one set of statements serves both queues. */
const leased = (db: Db) => db as unknown as Kysely<Record<LeasedJobTable, LeaseColumns>>;

const leaseUntil = (now: Date, leaseSeconds: number) => new Date(now.getTime() + leaseSeconds * 1000).toISOString();

/**
 * Claims the oldest job that is queued, or running under a lease that has expired (its instance stopped or was
 * killed): the job is `owner`'s until `leaseSeconds` from now, unless renewed. On PostgreSQL the candidate row is
 * locked with FOR UPDATE SKIP LOCKED, so instances claiming at once each get another job and none waits for another's
 * lock; on SQLite the one UPDATE statement is one write transaction, which the database runs one at a time. Either
 * way two claimers never get the same job. A job whose lease ran out on its last attempt is given up with `givenUp`
 * rather than run again. Answers the claimed job's whole row, as the claim left it.
 */
export async function claimLeasedJob<Table extends LeasedJobTable>(
  db: Db,
  kind: DbKind,
  table: Table,
  claim: { owner: string; now: Date; leaseSeconds: number; maxAttempts: number; givenUp: string },
): Promise<LeasedRow[Table] | undefined> {
  const jobs = leased(db);
  // The statements see the union of the queues' names: Kysely types a generic table name poorly.
  const queue: LeasedJobTable = table;
  const at = claim.now.toISOString();
  await jobs
    .updateTable(queue)
    .set({ state: 'failed', error: claim.givenUp, lease_owner: null, lease_expires_at: null, updated_at: at })
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', at)
    .where('attempts', '>=', claim.maxAttempts)
    .execute();
  let candidate = jobs
    .selectFrom(queue)
    .select('id')
    .where((eb) =>
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', at)])]),
    )
    .where('attempts', '<', claim.maxAttempts)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  if (kind === 'postgres') candidate = candidate.forUpdate().skipLocked();
  const claimed = await jobs
    .updateTable(queue)
    .set((eb) => ({
      state: 'running',
      progress: 0,
      attempts: eb('attempts', '+', 1),
      lease_owner: claim.owner,
      lease_expires_at: leaseUntil(claim.now, claim.leaseSeconds),
      error: null,
      updated_at: at,
    }))
    .where('id', '=', (eb) => eb.selectFrom(candidate.as('c')).select('c.id'))
    .returningAll()
    .executeTakeFirst();
  // RETURNING * of the queue's own table: every column of its row, not only the lease columns typed above.
  return claimed as LeasedRow[Table] | undefined;
}

/**
 * Renews the lease and records the progress (0–99: 100 is for the finished job); false when the job is no longer
 * this worker's (cancelled, or its lease expired and another instance took it), and the worker must stop.
 */
export async function renewJobLease(
  db: Db,
  table: LeasedJobTable,
  lease: { jobId: string; owner: string; now: Date; leaseSeconds: number; progress: number },
): Promise<boolean> {
  const done = await leased(db)
    .updateTable(table)
    .set({
      progress: Math.max(0, Math.min(99, Math.floor(lease.progress))),
      lease_expires_at: leaseUntil(lease.now, lease.leaseSeconds),
      updated_at: lease.now.toISOString(),
    })
    .where('id', '=', lease.jobId)
    .where('lease_owner', '=', lease.owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: queued again unless it was the `last`, then failed with the reason; 'notMine' when the
 * job was cancelled or taken over meanwhile (its stop is what failed).
 */
export async function failJobAttempt(
  db: Db,
  table: LeasedJobTable,
  attempt: { jobId: string; owner: string; reason: string; now: string; last: boolean },
): Promise<'failed' | 'queued' | 'notMine'> {
  const done = await leased(db)
    .updateTable(table)
    .set({
      state: attempt.last ? 'failed' : 'queued',
      error: attempt.reason.slice(0, 1000),
      progress: 0,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: attempt.now,
    })
    .where('id', '=', attempt.jobId)
    .where('lease_owner', '=', attempt.owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return 'notMine';
  return attempt.last ? 'failed' : 'queued';
}

/** Whether a recording's video is still the one a job works on, and the recording is not removed. */
export async function jobSourceIsCurrent(db: Db, job: Pick<LeaseColumns, 'sub_session_id' | 'source_key'>) {
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
 * Cancels a queued or running job (a person's cancel); a running one's worker finds it at its next renewal and
 * stops. Answers the job's whole row, or undefined when it was neither queued nor running.
 */
export async function cancelOpenJob<Table extends LeasedJobTable>(
  db: Db,
  table: Table,
  jobId: string,
  now: string,
): Promise<LeasedRow[Table] | undefined> {
  const queue: LeasedJobTable = table;
  const done = await leased(db)
    .updateTable(queue)
    .set({ state: 'cancelled', lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('id', '=', jobId)
    .where('state', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  return done as LeasedRow[Table] | undefined;
}

/**
 * Queues a failed or cancelled job again with its attempts counted afresh (a person's retry), unless its video was
 * replaced or another job of its recording is open. Answers the job's whole row, or undefined when it may not run.
 */
export async function requeueJob<Table extends LeasedJobTable>(
  db: Db,
  table: Table,
  job: Pick<LeaseColumns, 'id' | 'sub_session_id' | 'source_key'>,
  now: string,
): Promise<LeasedRow[Table] | undefined> {
  const jobs = leased(db);
  const queue: LeasedJobTable = table;
  const open = await jobs
    .selectFrom(queue)
    .select('id')
    .where('sub_session_id', '=', job.sub_session_id)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (open !== undefined || !(await jobSourceIsCurrent(db, job))) return undefined;
  const done = await jobs
    .updateTable(queue)
    .set({
      state: 'queued',
      progress: 0,
      attempts: 0,
      error: null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
    })
    .where('id', '=', job.id)
    .where('state', 'in', ['failed', 'cancelled'])
    .returningAll()
    .executeTakeFirst();
  return done as LeasedRow[Table] | undefined;
}
