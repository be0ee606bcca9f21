import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/audit/auditActions';
import { POSE_MESSAGES, type PoseJob } from '#shared/sessions/poseJobs';
import { storedFloorMarks } from '#server/pose/poseQueue';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import type { PoseJobTable } from '#server/db/schema';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { idempotentWrite, type Trx, type WriteResult } from '#server/http/idempotency';
import { recordingInScope } from '#server/scope/recordingInScope';

/** A job as the API shows it. The row's state is written only from the shared list's values. */
export const poseJobRecord = (row: PoseJobTable): PoseJob => ({
  JobID: row.id,
  SubSessionID: row.sub_session_id,
  State: row.state as PoseJob['State'],
  Progress: row.progress,
  Attempts: row.attempts,
  Error: row.error,
  FloorMarks: storedFloorMarks(row),
  CreatedAt: row.created_at,
  UpdatedAt: row.updated_at,
});

/**
 * A change to a pose job by staff who may see its recording (the call's access keeps patients out): the job is
 * looked up in the caller's scope (else 404), the change is one transaction with the Idempotency-Key's record, and
 * its outcome, refusals included, is audited under `action`.
 */
export function poseJobAction(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  action: AuditAction,
  jobId: string,
  change: (trx: Trx, job: PoseJobTable, now: string) => Promise<WriteResult>,
): Promise<FastifyReply> {
  const user = currentUser(request);
  return audited(deps, request, reply, action, `poseJob:${jobId}`, () =>
    idempotentWrite(deps, request, reply, async (trx) => {
      const job = await trx.selectFrom('pose_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
      if (job === undefined || !(await recordingInScope(trx, user, job.sub_session_id))) {
        throw notFound(POSE_MESSAGES.notFound);
      }
      return change(trx, job, deps.clock().toISOString());
    }),
  );
}
