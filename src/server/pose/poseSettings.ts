import type { FrameLimits } from './videoFrames.ts';
import type { PoseThreadLimits } from './poseThread.ts';

/** The pose workers of one instance, read from its environment by config.ts (docs/pose-jobs.md). */
export type PoseWorkerSettings = FrameLimits &
  PoseThreadLimits & {
    /** Jobs one instance runs at once (POSE_WORKERS), each in a worker thread of its own; 0 runs none here. */
    workers: number;
    /** How long a claim holds without renewal; a killed instance's job is taken again after this. */
    leaseSeconds: number;
    /** How often an idle worker looks for a job. */
    pollSeconds: number;
  };
