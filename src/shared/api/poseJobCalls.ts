import { z } from 'zod';
import {
  POSE_MESSAGES,
  poseJobActionSchema,
  poseJobRetrySchema,
  poseJobSchema,
  poseJobsQuerySchema,
} from '../sessions/poseJobs.ts';
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

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;
/** Whoever may change the recording's files may stop its measuring or ask for it again. */
const STAFF = ['clinician', 'clinic', 'admin'] as const;
const tag = 'pose';

const jobAnswer = writeAnswer({ Job: poseJobSchema });
const actionAnswers = {
  ...TOKEN_ANSWERS,
  ...KEY_REUSED_WITH_ANOTHER_REQUEST,
  ...JSON_BODY_ANSWERS,
  404: problem(`'${POSE_MESSAGES.notFound}': no such job in the caller's scope`),
} as const;

/** The pose jobs of a recording's video (docs/pose-jobs.md, docs/api-sessions.md "Pose from video"). */
export const poseJobCalls = {
  poseJobs: defineCall({
    method: 'GET',
    path: '/api/poseJobs',
    tag,
    summary: "A recording's pose jobs, newest first",
    description:
      'Every job queued to measure the walk in the video of this SubSessionID, which was stored without joint data: its state, progress in percent, attempts and, when it failed, why.',
    access: EVERYONE,
    query: poseJobsQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The jobs', json: z.object({ jobs: z.array(poseJobSchema) }) },
      404: problem("'Session not found': no such recording in the caller's scope"),
    },
  }),
  cancelPoseJob: defineCall({
    method: 'POST',
    path: '/api/cancelPoseJob',
    tag,
    summary: 'Cancel a queued or running pose job',
    description: 'A running job stops at its next lease renewal; nothing it measured is stored.',
    access: STAFF,
    idempotent: true,
    headers: idempotencyHeaders,
    body: poseJobActionSchema,
    answers: {
      ...actionAnswers,
      200: changed('Cancelled', jobAnswer),
      409: problem(`'${POSE_MESSAGES.notCancellable}', or the key was reused`),
    },
  }),
  retryPoseJob: defineCall({
    method: 'POST',
    path: '/api/retryPoseJob',
    tag,
    summary: 'Measure a failed or cancelled pose job again',
    description:
      "For a job that failed for a reason since put right: it is queued with its attempts counted afresh, scaled by the FloorMarks sent, or without them by the patient's height on record (entered since, say).",
    access: STAFF,
    idempotent: true,
    headers: idempotencyHeaders,
    body: poseJobRetrySchema,
    answers: {
      ...actionAnswers,
      200: changed('Queued again', jobAnswer),
      409: problem(`'${POSE_MESSAGES.notRetryable}', or the key was reused`),
    },
  }),
};
