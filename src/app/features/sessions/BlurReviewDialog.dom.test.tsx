import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlurJob } from '#shared/sessions/blurJobs';
import type { Session } from '#shared/sessions/session';
import { loginStore } from '#app/lib/storedLogin';
import { BlurReviewDialog } from './BlurReviewDialog.tsx';
import { asSubSessionId } from '#shared/ids/ids';

const session = {
  SessionID: 's-1',
  SubSessionID: asSubSessionId('ss-1'),
  SessionNumber: 3,
  SubSessionNumber: 1,
  PatientName: 'Ada Lovelace',
  GivenPatientID: 'P-7',
} as unknown as Session;

const job = (fields: Partial<BlurJob>): BlurJob => ({
  JobID: 'j',
  SubSessionID: asSubSessionId('ss-1'),
  Method: 'heads',
  State: 'done',
  Progress: 100,
  Attempts: 1,
  Error: null,
  Review: 'pending',
  ReviewedBy: null,
  ReviewedAt: null,
  Regions: [],
  HeadBoxes: { Width: 200, Height: 100, FrameRate: 30, Hold: 8, Frames: [[20, 10, 40, 20, 150, 50, 20, 20]] },
  CreatedAt: '2026-12-03T10:00:00.000Z',
  UpdatedAt: '2026-12-03T10:00:00.000Z',
  ...fields,
});

afterEach(() => loginStore.clear());

describe('BlurReviewDialog', () => {
  it('draws the heads a job filled over the original and the blurred video, at their place', () => {
    loginStore.write({ id: 'a-1', accessToken: 't', loginType: 'admin' });
    render(<BlurReviewDialog session={session} job={job({})} onClose={() => undefined} />);
    const first = screen.getByRole('img', { name: 'Detected head 1' });
    expect(first.style.left).toBe('10%');
    expect(first.style.width).toBe('20%');
    expect(screen.getByRole('img', { name: 'Detected head 2' }).style.top).toBe('50%');
    expect(screen.getAllByRole('img', { name: /^Filled head/ })).toHaveLength(2);
    expect(screen.getByText('Blurred: 2 detected heads filled here; check every face is covered')).toBeTruthy();
  });

  it('draws no head boxes for a whole-frame blur', () => {
    loginStore.write({ id: 'a-1', accessToken: 't', loginType: 'admin' });
    render(
      <BlurReviewDialog
        session={session}
        job={job({ Method: 'wholeFrame', HeadBoxes: null })}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('img', { name: /head/ })).toBeNull();
    expect(screen.getByText('Blurred: the whole frame is blurred, so no boxes are needed')).toBeTruthy();
  });
});
