import { describe, expect, it } from 'vitest';
import { drawSettled } from './videoFrames.ts';

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
