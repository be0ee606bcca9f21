import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawSettled, mp4FileFrameTimes, seekTarget } from './videoFrames.ts';

/** A canvas context whose draws copy the frames a video shows, one after another (the last one stays). */
function contextShowing(frames: number[][]) {
  let shown: number[] = [];
  let draws = 0;
  const context = {
    drawImage: () => {
      shown = frames[Math.min(draws, frames.length - 1)] ?? [];
      draws++;
    },
    getImageData: () => ({ data: Uint8ClampedArray.from(shown) }),
  } as unknown as CanvasRenderingContext2D;
  return { context, draws: () => draws };
}

const video = {} as HTMLVideoElement;
const previous = Uint8ClampedArray.from([1, 2, 3, 4]);

describe('the frame drawn after a seek', () => {
  it('is drawn again while it is still the frame before, and the new one is kept', async () => {
    const { context, draws } = contextShowing([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [9, 2, 3, 4],
    ]);
    expect(Array.from(await drawSettled(video, context, 1, 1, previous))).toEqual([9, 2, 3, 4]);
    expect(draws()).toBe(3);
  });

  it('is taken at the first draw when it differs from the frame before', async () => {
    const { context, draws } = contextShowing([[5, 6, 7, 8]]);
    expect(Array.from(await drawSettled(video, context, 1, 1, previous))).toEqual([5, 6, 7, 8]);
    expect(draws()).toBe(1);
  });

  it('is kept after a few tries when the video really holds still', async () => {
    const { context, draws } = contextShowing([[1, 2, 3, 4]]);
    expect(Array.from(await drawSettled(video, context, 1, 1, previous))).toEqual([1, 2, 3, 4]);
    expect(draws()).toBe(7);
  });

  it('is taken at once for the first frame, which has none before it', async () => {
    const { context, draws } = contextShowing([[1, 2, 3, 4]]);
    await drawSettled(video, context, 1, 1, undefined);
    expect(draws()).toBe(1);
  });
});

describe('where a frame is sought', () => {
  it('is halfway to the next frame, so an uneven camera lands on each frame once', () => {
    const shownAtS = [0, 0.05, 0.067, 0.117];
    expect([0, 1, 2].map((f) => seekTarget(shownAtS, f))).toEqual([0.025, 0.0585, 0.092]);
  });

  it('is half a gap past the last frame', () => {
    expect(seekTarget([0, 0.04, 0.1], 2)).toBeCloseTo(0.13, 6);
    expect(seekTarget([0], 0)).toBeCloseTo(1 / 60, 6);
  });
});

describe('the frame times of a chosen file', () => {
  it('are read from an MP4 and unknown for another format', async () => {
    const walk = readFileSync(new URL('../../../../../tests/fixtures/video/demoWalk.mp4', import.meta.url));
    const times = await mp4FileFrameTimes(new Blob([walk], { type: 'video/mp4' }));
    expect(times).toHaveLength(140);
    expect(await mp4FileFrameTimes(new Blob(['\x1aE\xdf\xa3 a WebM header'], { type: 'video/webm' }))).toBeUndefined();
  });
});
