import { describe, expect, it } from 'vitest';
import { UNBLURRED_ONLY_REASON, videoUnavailableReason } from './videoAccess.ts';

const unblurredOnly = { UnblurredVideo: true, BlurredVideo: false };
const both = { UnblurredVideo: true, BlurredVideo: true };
const none = { UnblurredVideo: false, BlurredVideo: false };

describe('videoUnavailableReason', () => {
  it('tells a clinician without elevated access that the only video is unblurred', () => {
    expect(videoUnavailableReason(unblurredOnly, 'clinician', false)).toBe(UNBLURRED_ONLY_REASON);
    expect(videoUnavailableReason(unblurredOnly, 'clinic', false)).toBe(UNBLURRED_ONLY_REASON);
  });

  it('has no reason when the user may watch what exists', () => {
    expect(videoUnavailableReason(unblurredOnly, 'clinician', true)).toBeUndefined();
    expect(videoUnavailableReason(unblurredOnly, 'admin', false)).toBeUndefined();
    expect(videoUnavailableReason(both, 'clinic', false)).toBeUndefined();
  });

  it('leaves a session without any video to the plain disabled button', () => {
    expect(videoUnavailableReason(none, 'clinician', false)).toBeUndefined();
  });
});
