import type { BlurJob } from '#shared/sessions/blurJobs';

/** What the files dialog says of a recording's latest blurring job, in the clinic's words. */
export function blurJobStatus(job: BlurJob): string {
  switch (job.State) {
    case 'queued':
      return job.Attempts > 0 ? 'Waiting to be blurred again' : 'Waiting to be blurred';
    case 'running':
      return `Blurring: ${String(job.Progress)} %`;
    case 'failed':
      return `Blurring failed: ${job.Error ?? 'no reason given'}`;
    case 'cancelled':
      return 'Blurring cancelled';
    case 'done':
      switch (job.Review) {
        case 'pending':
          return 'Blurred: awaits review';
        case 'confirmed':
          return 'Blurred and confirmed';
        case 'wholeFrameReleased':
          return 'Blurred, whole-frame blur released';
        case 'rejected':
          return 'Blurred, rejected at review';
      }
  }
}

export const canCancel = (job: BlurJob) => job.State === 'queued' || job.State === 'running';
export const canRetry = (job: BlurJob) => job.State === 'failed' || job.State === 'cancelled';
