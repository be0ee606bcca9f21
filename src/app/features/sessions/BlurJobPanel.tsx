import { useEffect, useState } from 'react';
import type { BlurJob } from '#shared/sessions/blurJobs';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { serverErrorOf } from '#app/lib/api';
import { MESSAGES } from '#shared/messages';
import { cancelBlurJob, resyncSessions, retryBlurJob, useBlurJobs } from './api/blurJobCalls.ts';
import { blurJobStatus, canCancel, canRetry } from './blurJobText.ts';
import { BlurReviewDialog } from './BlurReviewDialog.tsx';

export type BlurJobPanelProps = { session: Session; mayReview: boolean };

/**
 * The blurring of a recording's unblurred video, under its files (docs/blurring.md): the latest job's state and
 * progress in percent, Cancel and Retry, and the review of a finished job for those who may watch both videos.
 */
export function BlurJobPanel({ session, mayReview }: BlurJobPanelProps) {
  const jobs = useBlurJobs(session.SubSessionID, session.UnblurredVideo);
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const job = jobs.data?.[0];
  const state = job?.State;
  // A job that has just finished stored a blurred video: the session row learns of it.
  useEffect(() => {
    if (state === 'done') void resyncSessions();
  }, [state]);
  if (!session.UnblurredVideo) return null;
  const act = (change: (job: BlurJob) => Promise<void>) => async () => {
    if (job === undefined) return;
    setError(undefined);
    await change(job).catch(async (failure: unknown) => setError((await serverErrorOf(failure)) ?? MESSAGES.someError));
  };
  return (
    <section className="blur-job" aria-label="Blurring">
      <h3 className="blur-job__title">Blurring</h3>
      {jobs.isPending && <p>Loading Data...</p>}
      {job === undefined && !jobs.isPending && <p>No blurring job for this video.</p>}
      {job !== undefined && (
        <>
          <p role="status">{blurJobStatus(job)}</p>
          {canCancel(job) && <ProgressBar label="Blurring progress" value={job.Progress} />}
          <div className="actions">
            {mayReview && canCancel(job) && (
              <Button variant="secondary" onPress={act(cancelBlurJob)}>
                Cancel blurring
              </Button>
            )}
            {mayReview && canRetry(job) && (
              <Button variant="secondary" onPress={act(retryBlurJob)}>
                Retry blurring
              </Button>
            )}
            {mayReview && job.State === 'done' && (
              <Button onPress={() => setReviewing(true)}>Review blurred video</Button>
            )}
          </div>
        </>
      )}
      {error !== undefined && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {reviewing && job !== undefined && (
        <BlurReviewDialog session={session} job={job} onClose={() => setReviewing(false)} />
      )}
    </section>
  );
}
