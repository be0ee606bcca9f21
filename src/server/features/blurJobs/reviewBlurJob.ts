import { BLUR_MESSAGES, type BlurDecision, type BlurReview } from '#shared/sessions/blurJobs';
import { queueBlurJob } from '#server/blur/blurQueue';
import { jobSourceIsCurrent } from '#server/workers/jobLease';
import type { AppDeps } from '#server/deps';
import type { Db } from '#server/db/connect';
import type { BlurJobTable } from '#server/db/schema';
import { conflict } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { blurJobRecord } from './jobRecords.ts';
import { reviewerAction } from './reviewerAction.ts';

/**
 * The review each decision records. Releasing a whole-frame blur releases a whole-frame job's own output; a heads
 * job's output is rejected instead, and a whole-frame job is queued already released (it hides every head by
 * construction), so that nothing but that blur is ever played. A re-run rejects the output and queues a job with the
 * reviewer's regions.
 */
function reviewOf(decision: BlurDecision, method: string): BlurReview {
  switch (decision) {
    case 'confirm':
      return 'confirmed';
    case 'releaseWholeFrame':
      return method === 'wholeFrame' ? 'wholeFrameReleased' : 'rejected';
    case 'reject':
    case 'rerunWithRegions':
      return 'rejected';
  }
}

/** A finished job whose output is still the recording's blurred video, made from its current unblurred video. */
async function stillTheRecordings(trx: Db, job: BlurJobTable): Promise<boolean> {
  if (job.state !== 'done' || job.output_key === null) return false;
  const blurred = await trx
    .selectFrom('session_files')
    .select('storage_key')
    .where('sub_session_id', '=', job.sub_session_id)
    .where('kind', '=', 'blurredVideo')
    .executeTakeFirst();
  return blurred?.storage_key === job.output_key && (await jobSourceIsCurrent(trx, job));
}

/**
 * A reviewer's decision about a finished job (docs/blurring.md): who and when are kept on the job, and the decision
 * is audited. A decision may be changed later (a confirmed blur rejected after all), never for a job whose output
 * is no longer the recording's.
 */
export function reviewBlurJob(deps: AppDeps): CallHandler<'reviewBlurJob'> {
  return async (request, reply) => {
    const { JobID, Decision, Regions } = request.body;
    await reviewerAction(deps, request, reply, `blurJob.review.${Decision}`, JobID, async (trx, job, user, now) => {
      if (!(await stillTheRecordings(trx, job))) throw conflict(BLUR_MESSAGES.notReviewable);
      const decided = await trx
        .updateTable('blur_jobs')
        .set({ review: reviewOf(Decision, job.method), reviewed_by: user.id, reviewed_at: now, updated_at: now })
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const rerun =
        Decision === 'rerunWithRegions'
          ? await queueBlurJob(trx, job.sub_session_id, job.source_key, now, {
              method: deps.config.blur.method,
              regions: Regions ?? [],
            })
          : Decision === 'releaseWholeFrame' && job.method !== 'wholeFrame'
            ? await queueBlurJob(trx, job.sub_session_id, job.source_key, now, {
                method: 'wholeFrame',
                released: { by: user.id },
              })
            : undefined;
      return success('reviewBlurJob', {
        Job: blurJobRecord(decided),
        ...(rerun === undefined ? {} : { Rerun: blurJobRecord(rerun) }),
      });
    });
    return reply;
  };
}
