import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeVideo, videoFrames } from './videoFrames.ts';

const video = fileURLToPath(new URL('../../../tests/fixtures/video/demoWalk.mp4', import.meta.url));
const notAVideo = fileURLToPath(new URL('../../../tests/fixtures/video/README.md', import.meta.url));
const limits = { ffmpegPath: '/usr/bin/ffmpeg', maxSeconds: 60, maxFrames: 1800 };

async function decodeAll(bounds: typeof limits, file = video) {
  const sizes = new Set<string>();
  let frames = 0;
  for await (const frame of videoFrames(bounds, file)) {
    expect(frame.data.length).toBe(frame.width * frame.height * 3);
    sizes.add(`${String(frame.width)}×${String(frame.height)}`);
    frames++;
  }
  return { frames, sizes: [...sizes] };
}

describe('decoding a video for pose on the server', () => {
  it('gives every frame at 640 pixels wide, in the video’s proportions', async () => {
    const facts = await probeVideo(limits.ffmpegPath, video);
    expect(facts.frameRateHz).toBe(30);
    expect(facts.durationS).toBeCloseTo(4.667, 3);
    expect(await decodeAll(limits)).toEqual({ frames: 140, sizes: ['640×360'] });
  });

  it('stops at the frame and duration caps', async () => {
    expect((await decodeAll({ ...limits, maxFrames: 25 })).frames).toBe(25);
    expect((await decodeAll({ ...limits, maxSeconds: 1 })).frames).toBe(30);
  });

  it('refuses a file that is not a video', async () => {
    await expect(probeVideo(limits.ffmpegPath, notAVideo)).rejects.toThrow(
      'The video has no frames that could be read.',
    );
    await expect(decodeAll(limits, notAVideo)).rejects.toThrow(/^The video could not be decoded/);
  });
});
