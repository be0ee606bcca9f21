import { z } from 'zod';
import { blurJobActionSchema, blurJobSchema, blurJobsQuerySchema, reviewBlurJobSchema } from '../sessions/blurJobs.ts';
import {
  changed,
  defineCall,
  idempotencyHeaders,
  JSON_BODY_ANSWERS,
  KEY_REUSED_WITH_ANOTHER_REQUEST,
  problem,
  TOKEN_ANSWERS,
} from './call.ts';
import { writeAnswer } from './results.ts';

const STAFF = ['clinician', 'clinic', 'admin'] as const;
/** The clinician's elevated access is checked by the server (403 without it): only they and the admin may review. */
const REVIEWERS = ['clinician', 'admin'] as const;
const tag = 'blurring';

const jobAnswer = writeAnswer({ Job: blurJobSchema });
const actionAnswers = {
  ...TOKEN_ANSWERS,
  ...KEY_REUSED_WITH_ANOTHER_REQUEST,
  ...JSON_BODY_ANSWERS,
  403: problem(
    "The caller may not watch the unblurred video ('Only administrators and clinicians with elevated access may review blurred videos.')",
  ),
  404: problem("'Blurring job not found': no such job in the caller's scope"),
} as const;

/** The blurring jobs of a recording's video (docs/blurring.md, docs/api-sessions.md "Blurring"). */
export const blurJobCalls = {
  blurJobs: defineCall({
    method: 'GET',
    path: '/api/blurJobs',
    tag,
    summary: "A recording's blurring jobs, newest first",
    description:
      'Every job queued for the unblurred video of this SubSessionID: its state, progress in percent, attempts, error and review decision.',
    access: STAFF,
    query: blurJobsQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The jobs', json: z.object({ jobs: z.array(blurJobSchema) }) },
      404: problem("'Session not found': no such recording in the caller's scope"),
    },
  }),
  cancelBlurJob: defineCall({
    method: 'POST',
    path: '/api/cancelBlurJob',
    tag,
    summary: 'Cancel a queued or running blurring job',
    description: 'A running job stops within its lease renewal interval; nothing it made is kept.',
    access: REVIEWERS,
    idempotent: true,
    headers: idempotencyHeaders,
    body: blurJobActionSchema,
    answers: {
      ...actionAnswers,
      200: changed('Cancelled', jobAnswer),
      409: problem("'Only a queued or running blurring job can be cancelled.', or the key was reused"),
    },
  }),
  retryBlurJob: defineCall({
    method: 'POST',
    path: '/api/retryBlurJob',
    tag,
    summary: 'Queue a failed or cancelled blurring job again',
    access: REVIEWERS,
    idempotent: true,
    headers: idempotencyHeaders,
    body: blurJobActionSchema,
    answers: {
      ...actionAnswers,
      200: changed('Queued again', jobAnswer),
      409: problem(
        "'Only a failed or cancelled blurring job can be run again.' (also when the video was replaced since), or the key was reused",
      ),
    },
  }),
  reviewBlurJob: defineCall({
    method: 'POST',
    path: '/api/reviewBlurJob',
    tag,
    summary: 'Decide about a finished blurring job',
    description:
      'confirm releases the blurred video to everyone who may see the recording; reject keeps it from those who may not watch the unblurred video; rerunWithRegions rejects it and queues a new job with the Regions marked by hand; releaseWholeFrame releases a whole-frame blur. Who decided and when is kept on the job and in the audit trail.',
    access: REVIEWERS,
    idempotent: true,
    headers: idempotencyHeaders,
    body: reviewBlurJobSchema,
    answers: {
      ...actionAnswers,
      200: changed(
        'Decided: the job as it is now, and for a re-run the new job',
        writeAnswer({ Job: blurJobSchema, Rerun: blurJobSchema.optional() }),
      ),
      409: problem(
        "'Only a finished blurring job whose video is still the session’s can be reviewed.', or the key was reused",
      ),
    },
  }),
};
