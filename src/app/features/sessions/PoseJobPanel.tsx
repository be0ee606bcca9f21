import { useEffect, useState } from 'react';
import { MESSAGES } from '#shared/messages';
import type { PoseJob } from '#shared/sessions/poseJobs';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { serverErrorOf } from '#app/lib/api';
import { resyncSessions } from './api/blurJobCalls.ts';
import { cancelPoseJob, retryPoseJob, usePoseJobs } from './api/poseJobCalls.ts';
import { poseJobStatus } from './poseJobText.ts';

export type PoseJobPanelProps = { session: Session; mayChange: boolean };

const isOpen = (job: PoseJob) => job.State === 'queued' || job.State === 'running';

/**
 * The server's measuring of a video stored without joint data, under the session's files: shown only when there is
 * such a job, with its progress in percent, or why it failed (no height on record, no walk the model could follow);
 * staff may cancel it, or measure again once the reason is put right.
 */
export function PoseJobPanel({ session, mayChange }: PoseJobPanelProps) {
  const jobs = usePoseJobs(session.SubSessionID, session.UnblurredVideo);
  const [error, setError] = useState<string | undefined>();
  const job = jobs.data?.[0];
  const state = job?.State;
  // A finished job stored joint data and metrics: the session row learns of them.
  useEffect(() => {
    if (state === 'done') void resyncSessions();
  }, [state]);
  if (job === undefined) return null;
  const act = (change: (job: PoseJob) => Promise<void>) => async () => {
    setError(undefined);
    await change(job).catch(async (failure: unknown) => setError((await serverErrorOf(failure)) ?? MESSAGES.someError));
  };
  const retryable = job.State === 'failed' || job.State === 'cancelled';
  return (
    <section className="blur-job" aria-label="Measuring the walk">
      <h3 className="blur-job__title">Measuring the walk</h3>
      <p role="status">{poseJobStatus(job)}</p>
      {isOpen(job) && <ProgressBar label="Measuring progress" value={job.Progress} />}
      {mayChange && (isOpen(job) || retryable) && (
        <div className="actions">
          {isOpen(job) ? (
            <Button variant="secondary" onPress={act(cancelPoseJob)}>
              Cancel measuring
            </Button>
          ) : (
            <Button variant="secondary" onPress={act(retryPoseJob)}>
              Measure again
            </Button>
          )}
        </div>
      )}
      {error !== undefined && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </section>
  );
}
