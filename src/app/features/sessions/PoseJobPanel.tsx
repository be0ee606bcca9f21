import { useEffect } from 'react';
import type { Session } from '#shared/sessions/session';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { resyncSessions } from './api/blurJobCalls.ts';
import { usePoseJobs } from './api/poseJobCalls.ts';
import { poseJobStatus } from './poseJobText.ts';

/**
 * The server's measuring of a video stored without joint data, under the session's files: shown only when there is
 * such a job, with its progress in percent, or why it failed (no height on record, no walk the model could follow).
 */
export function PoseJobPanel({ session }: { session: Session }) {
  const jobs = usePoseJobs(session.SubSessionID, session.UnblurredVideo);
  const job = jobs.data?.[0];
  const state = job?.State;
  // A finished job stored joint data and metrics: the session row learns of them.
  useEffect(() => {
    if (state === 'done') void resyncSessions();
  }, [state]);
  if (job === undefined) return null;
  return (
    <section className="blur-job" aria-label="Measuring the walk">
      <h3 className="blur-job__title">Measuring the walk</h3>
      <p role="status">{poseJobStatus(job)}</p>
      {(job.State === 'queued' || job.State === 'running') && (
        <ProgressBar label="Measuring progress" value={job.Progress} />
      )}
    </section>
  );
}
