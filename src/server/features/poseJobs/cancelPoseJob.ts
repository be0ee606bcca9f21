import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { poseJobAction, poseJobRecord } from './poseJobAction.ts';

/** Cancels a queued or running job; a running one's thread sees it at its next lease renewal and stops. */
export function cancelPoseJob(deps: AppDeps): CallHandler<'cancelPoseJob'> {
  return async (request, reply) => {
    await poseJobAction(deps, request, reply, 'poseJob.cancel', request.body.JobID, async (trx, job, now) => {
      const done = await trx
        .updateTable('pose_jobs')
        .set({ state: 'cancelled', lease_owner: null, lease_expires_at: null, updated_at: now })
        .where('id', '=', job.id)
        .where('state', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
      if (done === undefined) throw conflict(POSE_MESSAGES.notCancellable);
      return success('cancelPoseJob', { Job: poseJobRecord(done) });
    });
    return reply;
  };
}
