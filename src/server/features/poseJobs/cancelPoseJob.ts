import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import { cancelOpenJob } from '#server/workers/jobLease';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { poseJobAction, poseJobRecord } from './poseJobAction.ts';

/** Cancels a queued or running job; a running one's thread sees it at its next lease renewal and stops. */
export function cancelPoseJob(deps: AppDeps): CallHandler<'cancelPoseJob'> {
  return async (request, reply) => {
    await poseJobAction(deps, request, reply, 'poseJob.cancel', request.body.JobID, async (trx, job, now) => {
      const done = await cancelOpenJob(trx, 'pose_jobs', job.id, now);
      if (done === undefined) throw conflict(POSE_MESSAGES.notCancellable);
      return success('cancelPoseJob', { Job: poseJobRecord(done) });
    });
    return reply;
  };
}
