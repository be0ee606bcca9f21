import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { requiredText } from '../records/fields.ts';
import { subSessionIdField } from '../ids/idSchemas.ts';

/**
 * Pose jobs (docs/pose-jobs.md): a video stored without joint data is measured on the server by the pipeline the
 * device runs (src/shared/pose), and its joint data and metrics are stored as the device's upload would be.
 */
const POSE_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

export const poseJobSchema = z.object({
  JobID: z.string(),
  SubSessionID: z.string().brand<'SubSessionId'>(),
  State: z.enum(POSE_JOB_STATES),
  Progress: z.number().int().min(0).max(100).describe('Percent of the video’s frames through the pose model'),
  Attempts: z.number().int(),
  Error: z.string().nullable().describe('Why it failed, in words for the clinician'),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type PoseJob = z.infer<typeof poseJobSchema>;

export const poseJobsQuerySchema = z.object({
  UserType: userTypeSchema.optional(),
  SubSessionID: subSessionIdField(),
});

/** A change to one pose job (cancelPoseJob, retryPoseJob). */
export const poseJobActionSchema = z.object({ UserType: userTypeSchema.optional(), JobID: requiredText('JobID') });

export const POSE_MESSAGES = {
  noHeight:
    "The patient's height is not on record, so the video cannot be scaled on the server. Enter the patient's height and choose Measure again, or analyse the video on the device with two floor marks.",
  notFound: 'Measuring job not found',
  notCancellable: 'Only a queued or running measuring job can be cancelled.',
  notRetryable:
    "Only a failed or cancelled measuring job can be run again, while its video is the recording's and the recording has no other joint data.",
  replaced: 'The video was replaced or removed before it was analysed.',
  jointDataArrived: 'The session received joint data before the video was analysed.',
  stoppedEveryAttempt: 'The analysis of the video stopped before it finished on every attempt.',
} as const;
