import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/audit/auditActions';
import { BLUR_MESSAGES } from '#shared/sessions/blurJobs';
import { audited } from '#server/audit/requestAudit';
import type { AuthUser } from '#server/auth/tokens';
import type { AppDeps } from '#server/deps';
import type { BlurJobTable } from '#server/db/schema';
import { currentUser } from '#server/http/authenticate';
import { forbidden } from '#server/http/errors';
import { idempotentWrite, type Trx, type WriteResult } from '#server/http/idempotency';
import { mayWatchUnblurred } from '#server/scope/videoAccess';
import { scopedBlurJob } from './jobRecords.ts';

/**
 * A change to a blurring job by someone who may watch both videos (the admin, a clinician with elevated access):
 * the job is looked up in the caller's scope (else 404), the change is one transaction with the Idempotency-Key's
 * record, and its outcome, refusals included, is audited under `action`.
 */
export function reviewerAction(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  action: AuditAction,
  jobId: string,
  change: (trx: Trx, job: BlurJobTable, user: AuthUser, now: string) => Promise<WriteResult>,
): Promise<FastifyReply> {
  const user = currentUser(request);
  return audited(deps, request, reply, action, `blurJob:${jobId}`, () =>
    idempotentWrite(deps, request, reply, async (trx) => {
      const job = await scopedBlurJob(trx, user, jobId);
      if (!(await mayWatchUnblurred(trx, user))) throw forbidden(BLUR_MESSAGES.mayNotReview);
      return change(trx, job, user, deps.clock().toISOString());
    }),
  );
}
