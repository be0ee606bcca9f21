import { z } from 'zod';
import { poseJobSchema, poseJobsQuerySchema } from '../sessions/poseJobs.ts';
import { defineCall, problem, TOKEN_ANSWERS } from './call.ts';

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;

/** The pose jobs of a recording's video (docs/pose-jobs.md, docs/api-sessions.md "Pose from video"). */
export const poseJobCalls = {
  poseJobs: defineCall({
    method: 'GET',
    path: '/api/poseJobs',
    tag: 'pose',
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
};
