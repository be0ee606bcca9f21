import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { POSE_MESSAGES, type PoseJob } from '#shared/sessions/poseJobs';
import { testSession } from '#shared/sessions/testSession';
import { cancelPoseJob, retryPoseJob, usePoseJobs } from './api/poseJobCalls.ts';
import { PoseJobPanel } from './PoseJobPanel.tsx';
import { asSubSessionId } from '#shared/ids/ids';

// The server's answers are the panel's edge: each test says what the job list holds and what a change answers.
vi.mock('./api/poseJobCalls.ts', () => ({ usePoseJobs: vi.fn(), cancelPoseJob: vi.fn(), retryPoseJob: vi.fn() }));
vi.mock('./api/blurJobCalls.ts', () => ({ resyncSessions: vi.fn() }));

const job = (fields: Partial<PoseJob>): PoseJob => ({
  JobID: 'p-1',
  SubSessionID: asSubSessionId('ss-1'),
  State: 'failed',
  Progress: 0,
  Attempts: 1,
  Error: POSE_MESSAGES.noHeight,
  CreatedAt: '2026-12-04T09:00:00.000Z',
  UpdatedAt: '2026-12-04T09:00:00.000Z',
  ...fields,
});
const holding = (jobs: PoseJob[]) =>
  vi.mocked(usePoseJobs).mockReturnValue({ data: jobs } as unknown as ReturnType<typeof usePoseJobs>);
const session = testSession({ SubSessionID: 'ss-1', UnblurredVideo: true });

beforeEach(() => {
  vi.mocked(cancelPoseJob).mockReset();
  vi.mocked(retryPoseJob).mockReset();
});

describe('PoseJobPanel', () => {
  it('offers Measure again for a failed job and sends it', async () => {
    holding([job({})]);
    vi.mocked(retryPoseJob).mockResolvedValue();
    render(<PoseJobPanel session={session} mayChange />);
    expect(screen.getByRole('status').textContent).toBe(`The walk could not be measured: ${POSE_MESSAGES.noHeight}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Measure again' }));
    expect(retryPoseJob).toHaveBeenCalledWith(expect.objectContaining({ JobID: 'p-1' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Cancel measuring while a job runs, with its progress', () => {
    holding([job({ State: 'running', Progress: 40, Error: null })]);
    render(<PoseJobPanel session={session} mayChange />);
    expect(screen.getByRole('progressbar', { name: 'Measuring progress' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cancel measuring' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Measure again' })).toBeNull();
  });

  it("shows the server's refusal in words", async () => {
    holding([job({ State: 'cancelled', Error: POSE_MESSAGES.replaced })]);
    const answer = new Response(JSON.stringify({ error: POSE_MESSAGES.notRetryable }), { status: 409 });
    const request = new Request('http://localhost/api/retryPoseJob', { method: 'POST' });
    vi.mocked(retryPoseJob).mockRejectedValue(new HTTPError(answer, request, {} as NormalizedOptions));
    render(<PoseJobPanel session={session} mayChange />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Measure again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(POSE_MESSAGES.notRetryable);
  });

  it('offers nothing to change to those who may not, and nothing for a measured walk', () => {
    holding([job({})]);
    const { unmount } = render(<PoseJobPanel session={session} mayChange={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    holding([job({ State: 'done', Progress: 100, Error: null })]);
    render(<PoseJobPanel session={session} mayChange />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
