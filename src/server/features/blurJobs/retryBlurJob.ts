import { BLUR_MESSAGES } from '#shared/sessions/blurJobs';
import { requeueJob } from '#server/workers/jobLease';
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
        const done = await requeueJob(trx, 'blur_jobs', job, now);
        if (done === undefined) throw conflict(BLUR_MESSAGES.notRetryable);
        return success('retryBlurJob', { Job: blurJobRecord(done) });
      },
    );
    return reply;
  };
}
