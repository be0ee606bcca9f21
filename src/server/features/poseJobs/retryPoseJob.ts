import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import { needsPoseJob } from '#server/pose/poseQueue';
import { jobSourceIsCurrent } from '#server/workers/jobLease';
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
      const open = await trx
        .selectFrom('pose_jobs')
        .select('id')
        .where('sub_session_id', '=', job.sub_session_id)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      const current = (await jobSourceIsCurrent(trx, job)) && (await needsPoseJob(trx, job.sub_session_id));
      if (open !== undefined || !current) throw conflict(POSE_MESSAGES.notRetryable);
      const done = await trx
        .updateTable('pose_jobs')
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
      if (done === undefined) throw conflict(POSE_MESSAGES.notRetryable);
      return success('retryPoseJob', { Job: poseJobRecord(done) });
    });
    return reply;
  };
}
