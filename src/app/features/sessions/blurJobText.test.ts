import { describe, expect, it } from 'vitest';
import type { BlurJob } from '#shared/sessions/blurJobs';
import { blurJobStatus, canCancel, canRetry } from './blurJobText.ts';
import { asSubSessionId } from '#shared/ids/ids';

const job = (fields: Partial<BlurJob>): BlurJob => ({
  JobID: 'j',
  SubSessionID: asSubSessionId('s'),
  Method: 'wholeFrame',
  State: 'queued',
  Progress: 0,
  Attempts: 0,
  Error: null,
  Review: 'pending',
  ReviewedBy: null,
  ReviewedAt: null,
  Regions: [],
  HeadBoxes: null,
  CreatedAt: '2026-12-02T10:00:00.000Z',
  UpdatedAt: '2026-12-02T10:00:00.000Z',
  ...fields,
});

describe('the blurring job as the files dialog shows it', () => {
  it('says how far a running job has come, and what a finished one awaits', () => {
    expect(blurJobStatus(job({ State: 'running', Progress: 42 }))).toBe('Blurring: 42 %');
    expect(blurJobStatus(job({ State: 'done' }))).toBe('Blurred: awaits review');
    expect(blurJobStatus(job({ State: 'done', Review: 'rejected' }))).toBe('Blurred, rejected at review');
    expect(blurJobStatus(job({ State: 'failed', Error: 'ffmpeg stopped' }))).toBe('Blurring failed: ffmpeg stopped');
  });

  it('offers cancel only for open jobs and retry only for stopped ones', () => {
    expect([canCancel(job({ State: 'running' })), canRetry(job({ State: 'running' }))]).toEqual([true, false]);
    expect([canCancel(job({ State: 'failed' })), canRetry(job({ State: 'failed' }))]).toEqual([false, true]);
    expect([canCancel(job({ State: 'done' })), canRetry(job({ State: 'done' }))]).toEqual([false, false]);
  });
});
