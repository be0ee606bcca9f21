import { describe, expect, it } from 'vitest';
import { prepareRecording } from './skeletonRecording.ts';
import { warmUpFile } from './workerWarmUp.ts';

describe('the joint data worker warm-up', () => {
  it('reads and scales its made-up walk the whole way, without gait events', () => {
    const result = prepareRecording(warmUpFile(), null, { events: false });
    if (!result.ok) throw new Error(result.error);
    const [walk] = result.recording.walks;
    expect(result.recording.walks).toHaveLength(1);
    expect(walk?.times).toHaveLength(900);
    expect(result.recording.bodyHeightM).toBeCloseTo(1.59, 2);
    expect(walk?.events).toBeNull();
    expect(result.eventsFrom).toBe('engine');
  });
});
