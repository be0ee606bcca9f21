import type { BlurMethod } from '#shared/sessions/blurJobs';
import type { FfmpegLimits } from './ffmpegBlur.ts';

/** The blurring workers of one instance, read from its environment by config.ts (docs/blurring.md). */
export type BlurWorkerSettings = FfmpegLimits & {
  /** Jobs one instance runs at once (BLUR_WORKERS); 0 runs none on this instance. */
  workers: number;
  /** How long a claim holds without renewal; a killed instance's job is taken again after this. */
  leaseSeconds: number;
  /** How often an idle worker looks for a job. */
  pollSeconds: number;
  /** Whether the blurred video keeps the recording's sound (BLUR_KEEP_AUDIO): voices can name a patient. */
  keepAudio: boolean;
  /** How the jobs queued for new videos blur (BLUR_METHOD, default 'heads'); a reviewer may still ask for the whole frame. */
  method: BlurMethod;
};
