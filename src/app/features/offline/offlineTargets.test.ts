import { describe, expect, it } from 'vitest';
import { offlineTargets } from './offlineTargets.ts';

const session = { Data: true, GaitMetrics: false, UnblurredVideo: true, BlurredVideo: false };

describe('offlineTargets', () => {
  it('keeps the joint data and the video the user may watch', () => {
    expect(offlineTargets(session, 'admin', false)).toEqual(['jointData', 'video']);
    expect(offlineTargets({ ...session, BlurredVideo: true }, 'clinic', false)).toEqual(['jointData', 'blurredVideo']);
  });

  it('never stores an unblurred video the user may not see', () => {
    expect(offlineTargets(session, 'clinician', false)).toEqual(['jointData']);
    expect(offlineTargets(session, 'clinician', true)).toEqual(['jointData', 'video']);
  });

  it('keeps the original recording of an imported session beside its joint data', () => {
    const imported = { ...session, OriginalRecording: true };
    expect(offlineTargets(imported, 'admin', false)).toEqual(['jointData', 'originalRecording', 'video']);
    expect(offlineTargets({ ...imported, Data: false }, 'admin', false)).toEqual(['video']);
  });

  it('keeps the gait metrics file beside the joint data, so the viewer offline draws its events', () => {
    const analysed = { ...session, GaitMetrics: true };
    expect(offlineTargets(analysed, 'admin', false)).toEqual(['jointData', 'gaitMetrics', 'video']);
    expect(offlineTargets({ ...analysed, Data: false }, 'admin', false)).toEqual(['video']);
  });

  it('stores nothing for a session without files', () => {
    const none = { Data: false, GaitMetrics: true, UnblurredVideo: false, BlurredVideo: false };
    expect(offlineTargets(none, 'admin', false)).toEqual([]);
  });
});
