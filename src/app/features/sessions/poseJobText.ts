import type { PoseJob } from '#shared/sessions/poseJobs';

/** What the files dialog says of the server's measuring of a video stored without joint data (docs/pose-jobs.md). */
export function poseJobStatus(job: PoseJob): string {
  switch (job.State) {
    case 'queued':
      return job.Attempts > 0 ? 'Waiting to measure the walk again' : 'Waiting to measure the walk in the video';
    case 'running':
      return `Measuring the walk: ${String(job.Progress)} %`;
    case 'done':
      return 'The walk was measured from the video: its joint data and gait metrics are stored.';
    case 'failed':
      return `The walk could not be measured: ${job.Error ?? 'no reason given'}`;
    case 'cancelled':
      // A job someone cancelled carries no reason; one the server stopped says why.
      return job.Error === null ? 'Measuring the walk was cancelled.' : `Measuring the walk was stopped: ${job.Error}`;
  }
}
