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
vi.mock('#app/lib/useStoredLogin', () => ({
  useStoredLogin: () => ({ id: 'admin-1', accessToken: 'token-1', loginType: 'admin' }),
}));

const job = (fields: Partial<PoseJob>): PoseJob => ({
  JobID: 'p-1',
  SubSessionID: asSubSessionId('ss-1'),
  State: 'failed',
  Progress: 0,
  Attempts: 1,
  Error: POSE_MESSAGES.noHeight,
  FloorMarks: null,
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

  it('measures again scaled by two floor marks placed on the stored video and their distance', async () => {
    holding([job({})]);
    vi.mocked(retryPoseJob).mockResolvedValue();
    render(<PoseJobPanel session={session} mayChange />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scale by Floor Marks' }));
    expect(screen.getByLabelText<HTMLVideoElement>('Frame for the floor marks').getAttribute('src')).toContain(
      'access_token=token-1',
    );
    const measure = screen.getByRole('button', { name: 'Measure With These Marks' });
    // No distance yet: nothing to send.
    expect(measure.hasAttribute('disabled') || measure.getAttribute('aria-disabled') === 'true').toBe(true);
    screen.getByRole('button', { name: /^Floor mark 1,/ }).focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await user.type(screen.getByRole('textbox', { name: /Distance between the marks/ }), '3');
    await user.tab();
    await user.click(measure);
    const [, sent] = vi.mocked(retryPoseJob).mock.calls[0] ?? [];
    expect(sent?.DistanceM).toBe(3);
    expect(sent?.Marks[0].X).toBeCloseTo(1 / 3 + 0.02, 6);
    expect(sent?.Marks[1]).toEqual({ X: 2 / 3, Y: 0.9 });
    // Sent and accepted: the picker closes.
    expect(screen.queryByRole('button', { name: 'Measure With These Marks' })).toBeNull();
  });

  it('says which floor marks a job is scaled by', () => {
    const FloorMarks = {
      DistanceM: 2.5,
      Marks: [
        { X: 0.1, Y: 0.9 },
        { X: 0.7, Y: 0.9 },
      ],
    } as const;
    holding([job({ State: 'queued', Error: null, FloorMarks: { ...FloorMarks, Marks: [...FloorMarks.Marks] } })]);
    render(<PoseJobPanel session={session} mayChange />);
    expect(screen.getByText('Scaled by two floor marks 2.50 m apart.')).toBeDefined();
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
