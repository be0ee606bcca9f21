import { POSE_MESSAGES } from '#shared/sessions/poseJobs';
import { needsPoseJob } from '#server/pose/poseQueue';
import { requeueJob } from '#server/workers/jobLease';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { poseJobAction, poseJobRecord } from './poseJobAction.ts';

/**
 * Queues a failed or cancelled job again with its attempts counted afresh, provided its video is still the
 * recording's, no other job is open for it, and the recording has no joint data but what a pose job measured: joint
 * data uploaded since stands. It is scaled by the floor marks the request sends, or without them by the patient's
 * height on record (entered since, say): each retry says how, so an old choice is never used unseen.
 */
export function retryPoseJob(deps: AppDeps): CallHandler<'retryPoseJob'> {
  return async (request, reply) => {
    const { JobID, FloorMarks } = request.body;
    await poseJobAction(deps, request, reply, 'poseJob.retryByUser', JobID, async (trx, job, now) => {
      const queued = (await needsPoseJob(trx, job.sub_session_id))
        ? await requeueJob(trx, 'pose_jobs', job, now)
        : undefined;
      if (queued === undefined) throw conflict(POSE_MESSAGES.notRetryable);
      const done = await trx
        .updateTable('pose_jobs')
        .set({ floor_marks: FloorMarks === undefined ? null : JSON.stringify(FloorMarks) })
        .where('id', '=', queued.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return success('retryPoseJob', { Job: poseJobRecord(done) });
    });
    return reply;
  };
}
