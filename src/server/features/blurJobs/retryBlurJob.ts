import { BLUR_MESSAGES } from '#shared/sessions/blurJobs';
import { jobSourceIsCurrent } from '#server/workers/jobLease';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { blurJobRecord } from './jobRecords.ts';
import { reviewerAction } from './reviewerAction.ts';

/**
 * Queues a failed or cancelled job again with its attempts counted afresh, provided its video is still the
 * recording's (otherwise the newer video has a job of its own).
 */
export function retryBlurJob(deps: AppDeps): CallHandler<'retryBlurJob'> {
  return async (request, reply) => {
    await reviewerAction(
      deps,
      request,
      reply,
      'blurJob.retryByUser',
      request.body.JobID,
      async (trx, job, _user, now) => {
        if (!(await jobSourceIsCurrent(trx, job))) throw conflict(BLUR_MESSAGES.notRetryable);
        const open = await trx
          .selectFrom('blur_jobs')
          .select('id')
          .where('sub_session_id', '=', job.sub_session_id)
          .where('state', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (open !== undefined) throw conflict(BLUR_MESSAGES.notRetryable);
        const done = await trx
          .updateTable('blur_jobs')
          .set({ state: 'queued', progress: 0, attempts: 0, error: null, updated_at: now })
          .where('id', '=', job.id)
          .where('state', 'in', ['failed', 'cancelled'])
          .returningAll()
          .executeTakeFirst();
        if (done === undefined) throw conflict(BLUR_MESSAGES.notRetryable);
        return success('retryBlurJob', { Job: blurJobRecord(done) });
      },
    );
    return reply;
  };
}
