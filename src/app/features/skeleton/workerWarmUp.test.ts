import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareRecording } from './skeletonRecording.ts';
import { warmUpFile, warmUpPreparation } from './workerWarmUp.ts';

describe('the joint data worker warm-up', () => {
  afterEach(() => vi.useRealTimers());

  it('reads and holds its made-up walk the whole way, without gait events', async () => {
    const result = await prepareRecording(warmUpFile(), null, { events: false });
    if (!result.ok) throw new Error(result.error);
    const [walk] = result.recording.walks;
    expect(result.recording.walks).toHaveLength(1);
    expect(walk?.times).toHaveLength(150);
    expect(result.recording.bodyHeightM).toBeCloseTo(1.59, 2);
    expect(walk?.events).toBeNull();
    expect(result.eventsFrom).toBe('engine');
  });

  it('is written like a sensor’s file: lost joints and six-decimal numbers, so no branch is left untried', () => {
    const text = new TextDecoder().decode(warmUpFile());
    expect(text).toMatch(/[[,]0,0,0[,\]]/);
    expect(text).toMatch(/-\d\.\d{6}[,\]]/);
  });

  it('runs in slices, one task each, and stops at the next slice once the file has come', async () => {
    vi.useFakeTimers();
    let asked = 0;
    warmUpPreparation(() => ++asked > 2);
    // Two slices ran, each asking first; the third asks, hears the file has come, and schedules nothing more.
    await vi.runAllTimersAsync();
    expect(asked).toBe(3);
    asked = 0;
    warmUpPreparation(() => (++asked, false));
    await vi.runAllTimersAsync();
    // Six slices, each asking first.
    expect(asked).toBe(6);
  });
});
