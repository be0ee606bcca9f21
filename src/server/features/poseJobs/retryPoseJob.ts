import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import { needsPoseJob } from '#server/pose/poseQueue';
import { requeueJob } from '#server/workers/jobLease';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { poseJobAction, poseJobRecord } from './poseJobAction.ts';

/**
 * Queues a failed or cancelled job again with its attempts counted afresh (the patient's height has been entered
 * since, say), provided its video is still the recording's, no other job is open for it, and the recording has no
 * joint data but what a pose job measured: joint data uploaded since stands.
 */
export function retryPoseJob(deps: AppDeps): CallHandler<'retryPoseJob'> {
  return async (request, reply) => {
    await poseJobAction(deps, request, reply, 'poseJob.retryByUser', request.body.JobID, async (trx, job, now) => {
      const done = (await needsPoseJob(trx, job.sub_session_id))
        ? await requeueJob(trx, 'pose_jobs', job, now)
        : undefined;
      if (done === undefined) throw conflict(POSE_MESSAGES.notRetryable);
      return success('retryPoseJob', { Job: poseJobRecord(done) });
    });
    return reply;
  };
}
