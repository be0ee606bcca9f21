import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import type { FloorMarks, ScaleInput } from '../pose/scaleInput.ts';
import { requiredText } from '../records/fields.ts';
import { subSessionIdField } from '../ids/idSchemas.ts';

/**
 * Pose jobs (docs/pose-jobs.md): a video stored without joint data is measured on the server by the pipeline the
 * device runs (src/shared/pose), and its joint data and metrics are stored as the device's upload would be.
 */
const POSE_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

const fraction = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 to 1`)
    .max(1, `${label} must be 0 to 1`);
const markSchema = z.object({ X: fraction('X'), Y: fraction('Y') });

/**
 * Two floor marks on the video's frame (X across and Y down, as fractions of the frame as it plays) and the distance
 * between them on the floor: a pose job's scale where the patient's height is not on record or not to be trusted.
 */
export const poseFloorMarksSchema = z.object({
  DistanceM: z
    .number({ error: 'DistanceM must be a number' })
    .min(0.2, 'DistanceM must be 0.2 to 20 m')
    .max(20, 'DistanceM must be 0.2 to 20 m'),
  Marks: z.tuple([markSchema, markSchema], { error: 'Marks must be two points' }),
});
export type PoseFloorMarks = z.infer<typeof poseFloorMarksSchema>;

/** Floor marks as the API carries them, from the picker's marks and distance. */
export const floorMarksOnWire = (marks: FloorMarks, distanceM: number): PoseFloorMarks => ({
  DistanceM: distanceM,
  Marks: [
    { X: marks[0].x, Y: marks[0].y },
    { X: marks[1].x, Y: marks[1].y },
  ],
});

/** The scale a job's floor marks give videoGait (the inverse of floorMarksOnWire). */
export const floorMarksScale = ({ DistanceM, Marks: [a, b] }: PoseFloorMarks): ScaleInput => ({
  kind: 'floorMarks',
  distanceM: DistanceM,
  marks: [
    { x: a.X, y: a.Y },
    { x: b.X, y: b.Y },
  ],
});

export const poseJobSchema = z.object({
  JobID: z.string(),
  SubSessionID: z.string().brand<'SubSessionId'>(),
  State: z.enum(POSE_JOB_STATES),
  Progress: z.number().int().min(0).max(100).describe('Percent of the video’s frames through the pose model'),
  Attempts: z.number().int(),
  Error: z.string().nullable().describe('Why it failed, in words for the clinician'),
  FloorMarks: poseFloorMarksSchema
    .nullable()
    .describe("The floor marks it is scaled by, or null for the patient's height on record"),
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

/** retryPoseJob: measured again, scaled by these floor marks, or (without them) by the patient's height. */
export const poseJobRetrySchema = poseJobActionSchema.extend({ FloorMarks: poseFloorMarksSchema.optional() });

export const POSE_MESSAGES = {
  noHeight:
    "The patient's height is not on record, so the video cannot be scaled on the server. Enter the patient's height and choose Measure again, or choose Scale by Floor Marks to place two marks on the floor in the video.",
  notFound: 'Measuring job not found',
  notCancellable: 'Only a queued or running measuring job can be cancelled.',
  notRetryable:
    "Only a failed or cancelled measuring job can be run again, while its video is the recording's and the recording has no other joint data.",
  replaced: 'The video was replaced or removed before it was analysed.',
  jointDataArrived: 'The session received joint data before the video was analysed.',
  stoppedEveryAttempt: 'The analysis of the video stopped before it finished on every attempt.',
} as const;
