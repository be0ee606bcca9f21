import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runPoseThread } from './poseThread.ts';

const video = fileURLToPath(new URL('../../../tests/fixtures/video/demoWalk.mp4', import.meta.url));
const input = {
  video,
  scale: { kind: 'height', heightM: 1.68 } as const,
  generatedAt: '2026-12-03T12:00:00.000Z',
  ffmpegPath: '/usr/bin/ffmpeg',
  maxSeconds: 60,
  maxFrames: 1800,
};

describe('the pose thread’s bounds', () => {
  it('stops a job that overruns its time and says so', async () => {
    const started = Date.now();
    const end = await runPoseThread(
      input,
      { memoryMb: 512, timeoutSeconds: 1 },
      new AbortController().signal,
      () => undefined,
    );
    expect(end).toEqual({ type: 'refused', error: 'The analysis took longer than the 1 s the server gives a video.' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a walk cut short by the frame cap with videoGait’s reason', async () => {
    const end = await runPoseThread(
      { ...input, maxFrames: 8 },
      { memoryMb: 512, timeoutSeconds: 60 },
      new AbortController().signal,
      () => undefined,
    );
    expect(end.type).toBe('refused');
    expect('error' in end ? end.error : '').toMatch(/^Too few frames to measure a walk\./);
  });

  it('stops at once when asked', async () => {
    const stop = new AbortController();
    const running = runPoseThread(input, { memoryMb: 512, timeoutSeconds: 60 }, stop.signal, () => undefined);
    stop.abort();
    await expect(running).rejects.toThrow('The analysis was stopped.');
  });
});
