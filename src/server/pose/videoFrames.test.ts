import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { frameTimesMs, probeVideo, videoFrames } from './videoFrames.ts';

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
    const facts = await probeVideo(limits, video);
    expect(facts.frameRateHz).toBe(30);
    expect(facts.durationS).toBeCloseTo(4.667, 3);
    expect(await decodeAll(limits)).toEqual({ frames: 140, sizes: ['640×360'] });
  });

  it('stops at the frame and duration caps', async () => {
    expect((await decodeAll({ ...limits, maxFrames: 25 })).frames).toBe(25);
    expect((await decodeAll({ ...limits, maxSeconds: 1 })).frames).toBe(30);
  });

  it('refuses a file that is not a video', async () => {
    await expect(probeVideo(limits, notAVideo)).rejects.toThrow('The video has no frames that could be read.');
    await expect(decodeAll(limits, notAVideo)).rejects.toThrow(/^The video could not be decoded/);
  });
});

/** A second of a test picture whose odd frames come 17 ms late: 30 frames a second on average, not evenly. */
function unevenClip(): string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gait-vfr-')), 'uneven.mp4');
  const timing = ['-vf', "settb=1/90000,setpts='(N+0.5*mod(N,2))/30/TB'", '-fps_mode', 'vfr'];
  const encode = ['-enc_time_base', '1/90000', '-video_track_timescale', '90000', '-c:v', 'libx264'];
  const source = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-t', '1'];
  execFileSync('/usr/bin/ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    ...source,
    ...timing,
    ...encode,
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}

describe('the times of the frames', () => {
  it('are when the video shows each frame, not the average rate, for a video of uneven frame times', async () => {
    const clip = unevenClip();
    const { shownAtS, frameRateHz } = await probeVideo(limits, clip);
    const { frames } = await decodeAll(limits, clip);
    expect(shownAtS).toHaveLength(frames);
    const times = frameTimesMs(shownAtS, frames, frameRateHz);
    expect(Array.from(times.slice(0, 4), (t) => Math.round(t))).toEqual([0, 50, 67, 117]);
    fs.rmSync(path.dirname(clip), { recursive: true, force: true });
  });

  it('are the average rate where the packets do not give one for every frame', () => {
    expect(Array.from(frameTimesMs([0, 0.05], 3, 30), (t) => Math.round(t))).toEqual([0, 33, 67]);
  });

  it('are evenly spaced for the even walk clip', async () => {
    const { shownAtS } = await probeVideo(limits, video);
    expect(shownAtS).toHaveLength(140);
    expect(shownAtS[139]).toBeCloseTo(139 / 30, 4);
  });
});
