import { describe, expect, it } from 'vitest';
import { videoKindFor } from './videoSource.ts';

describe('videoKindFor', () => {
  it('plays the blurred video whenever it exists', () => {
    expect(videoKindFor({ BlurredVideo: true }, 'admin', false)).toBe('blurredVideo');
  });

  it('gives the unblurred video to the admin and elevated clinicians only', () => {
    expect(videoKindFor({ BlurredVideo: false }, 'admin', false)).toBe('video');
    expect(videoKindFor({ BlurredVideo: false }, 'clinician', true)).toBe('video');
    expect(videoKindFor({ BlurredVideo: false }, 'clinician', false)).toBe('blurredVideo');
    expect(videoKindFor({ BlurredVideo: false }, 'clinic', true)).toBe('blurredVideo');
  });
});
