import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { requiredText } from '../records/fields.ts';
import { headBoxesSchema } from './headBoxes.ts';
import { subSessionIdField } from '../ids/idSchemas.ts';

/**
 * Blurring jobs (docs/blurring.md): every unblurred video is blurred by a server job, and the blurred video is
 * released to users who may not watch the unblurred one only after a reviewer confirmed it (docs/design.md Video).
 */
const BLUR_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/**
 * 'heads' fills every detected head (docs/blurring.md) and keeps the rest of the picture; 'wholeFrame' blurs all of
 * it and needs no detector, so it cannot miss a head.
 */
export const BLUR_METHODS = ['heads', 'wholeFrame'] as const;
export type BlurMethod = (typeof BLUR_METHODS)[number];

/**
 * A finished job's review: pending until a reviewer decides; 'confirmed' and 'wholeFrameReleased' release the
 * blurred video, 'rejected' keeps it from everyone who may not watch the unblurred one.
 */
const BLUR_REVIEWS = ['pending', 'confirmed', 'rejected', 'wholeFrameReleased'] as const;
export type BlurReview = (typeof BLUR_REVIEWS)[number];

export const isReleased = (review: string): boolean => review === 'confirmed' || review === 'wholeFrameReleased';

/** What a reviewer decides about a finished job. */
const BLUR_DECISIONS = ['confirm', 'reject', 'rerunWithRegions', 'releaseWholeFrame'] as const;
export type BlurDecision = (typeof BLUR_DECISIONS)[number];

/** A region of the frame, as fractions of its width and height from the top left, over a span of the video. */
export const blurRegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().gt(0).max(1),
  height: z.number().gt(0).max(1),
  fromSecond: z.number().min(0).optional(),
  toSecond: z.number().min(0).optional(),
});
export type BlurRegion = z.infer<typeof blurRegionSchema>;

export const blurJobSchema = z.object({
  JobID: z.string(),
  SubSessionID: z.string().brand<'SubSessionId'>(),
  Method: z.enum(BLUR_METHODS),
  State: z.enum(BLUR_JOB_STATES),
  Progress: z.number().int().min(0).max(100).describe('Percent of the video encoded'),
  Attempts: z.number().int(),
  Error: z.string().nullable(),
  Review: z.enum(BLUR_REVIEWS),
  ReviewedBy: z.string().nullable().describe('Who decided (account id), null while pending'),
  ReviewedAt: z.string().nullable(),
  Regions: z.array(blurRegionSchema).describe('Regions marked by a reviewer for this run'),
  HeadBoxes: headBoxesSchema
    .nullable()
    .describe('The heads a finished heads job found and filled, per frame; null for a whole-frame blur'),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type BlurJob = z.infer<typeof blurJobSchema>;

export const blurJobsQuerySchema = z.object({
  UserType: userTypeSchema.optional(),
  SubSessionID: subSessionIdField(),
});

export const blurJobActionSchema = z.object({ UserType: userTypeSchema.optional(), JobID: requiredText('JobID') });

export const reviewBlurJobSchema = blurJobActionSchema
  .extend({
    Decision: z.enum(BLUR_DECISIONS, { error: 'Decision not specified' }),
    Regions: z.array(blurRegionSchema).max(50, 'Regions is too long').optional(),
  })
  .refine((body) => body.Decision !== 'rerunWithRegions' || (body.Regions?.length ?? 0) > 0, {
    message: 'Regions must have at least one region for a re-run',
    path: ['Regions'],
  });

export const BLUR_MESSAGES = {
  awaitsReview:
    'This video awaits review: a clinician or administrator must confirm its blurring before it can be played.',
  notCancellable: 'Only a queued or running blurring job can be cancelled.',
  notRetryable: 'Only a failed or cancelled blurring job can be run again.',
  notReviewable: 'Only a finished blurring job whose video is still the session’s can be reviewed.',
  mayNotReview: 'Only administrators and clinicians with elevated access may review blurred videos.',
} as const;
