import { describe, expect, it } from 'vitest';
import { POSE_MESSAGES, type PoseJob } from '#shared/sessions/poseJobs';
import { poseJobStatus } from './poseJobText.ts';
import { asSubSessionId } from '#shared/ids/ids';

const job = (change: Partial<PoseJob>): PoseJob => ({
  JobID: 'j-1',
  SubSessionID: asSubSessionId('s-1'),
  State: 'queued',
  Progress: 0,
  Attempts: 0,
  Error: null,
  FloorMarks: null,
  CreatedAt: '2026-12-03T10:00:00.000Z',
  UpdatedAt: '2026-12-03T10:00:00.000Z',
  ...change,
});

describe('poseJobStatus', () => {
  it.each([
    [job({}), 'Waiting to measure the walk in the video'],
    [job({ Attempts: 1 }), 'Waiting to measure the walk again'],
    [job({ State: 'running', Progress: 42 }), 'Measuring the walk: 42 %'],
    [
      job({ State: 'done', Progress: 100 }),
      'The walk was measured from the video: its joint data and gait metrics are stored.',
    ],
    [
      job({ State: 'failed', Error: POSE_MESSAGES.noHeight }),
      `The walk could not be measured: ${POSE_MESSAGES.noHeight}`,
    ],
    [
      job({ State: 'cancelled', Error: POSE_MESSAGES.replaced }),
      `Measuring the walk was stopped: ${POSE_MESSAGES.replaced}`,
    ],
    [job({ State: 'cancelled' }), 'Measuring the walk was cancelled.'],
  ])('says where the job is, and why it stopped', (given, text) => {
    expect(poseJobStatus(given)).toBe(text);
  });
});
