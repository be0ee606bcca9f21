import { BLUR_MESSAGES } from '#shared/sessions/blurJobs';
import { cancelOpenJob } from '#server/workers/jobLease';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { blurJobRecord } from './jobRecords.ts';
import { reviewerAction } from './reviewerAction.ts';

/** Cancels a queued or running job; a running one's worker sees it at its next lease renewal and stops ffmpeg. */
export function cancelBlurJob(deps: AppDeps): CallHandler<'cancelBlurJob'> {
  return async (request, reply) => {
    await reviewerAction(deps, request, reply, 'blurJob.cancel', request.body.JobID, async (trx, job, _user, now) => {
      const done = await cancelOpenJob(trx, 'blur_jobs', job.id, now);
      if (done === undefined) throw conflict(BLUR_MESSAGES.notCancellable);
      return success('cancelBlurJob', { Job: blurJobRecord(done) });
    });
    return reply;
  };
}
