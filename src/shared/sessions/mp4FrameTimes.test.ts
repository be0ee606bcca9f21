import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mp4FrameTimes } from './mp4FrameTimes.ts';

const walk = fileURLToPath(new URL('../../../tests/fixtures/video/demoWalk.mp4', import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-mp4-times-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const timesOf = (file: string) => {
  const bytes = new Uint8Array(fs.readFileSync(file));
  return mp4FrameTimes(async (start, length) => bytes.subarray(start, start + length), bytes.length);
};
const ms = (times: number[] | undefined) => (times ?? []).map((t) => Math.round(t * 1000));

/** What ffprobe says of the same file: its packets' presentation times, from the first, in order. */
function ffprobeTimes(file: string): number[] {
  const out = execFileSync('/usr/bin/ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file],
  ]).toString();
  const times = out
    .split('\n')
    .map(Number.parseFloat)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return times.map((t) => t - (times[0] ?? 0));
}

/**
 * A second of a test picture whose odd frames come 17 ms late (30 frames a second on average, not evenly), with
 * B-frames, so that presentation and decoding order differ; `fragmented` writes it as MediaRecorder does (an empty
 * moov, then a moof per fragment).
 */
function unevenClip(name: string, fragmented: boolean): string {
  const out = path.join(dir, name);
  execFileSync('/usr/bin/ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=30', '-t', '1'],
    ...['-vf', "settb=1/90000,setpts='(N+0.5*mod(N,2))/30/TB'", '-fps_mode', 'vfr', '-enc_time_base', '1/90000'],
    ...['-video_track_timescale', '90000', '-c:v', 'libx264', '-bf', '2', '-g', '10', '-pix_fmt', 'yuv420p'],
    ...(fragmented ? ['-movflags', 'frag_keyframe+empty_moov+default_base_moof'] : []),
    out,
  ]);
  return out;
}

describe('the frame times of an MP4', () => {
  it('are even for the even walk clip, one for each of its 140 frames', async () => {
    const times = await timesOf(walk);
    expect(times).toHaveLength(140);
    expect(times?.[139]).toBeCloseTo(139 / 30, 4);
  });

  it.each([
    ['in one sample table', false],
    ['in fragments, as MediaRecorder writes them', true],
  ])('are the ones the camera wrote, %s', async (_how, fragmented) => {
    const clip = unevenClip(fragmented ? 'fragmented.mp4' : 'plain.mp4', fragmented);
    const times = await timesOf(clip);
    expect(ms(times).slice(0, 4)).toEqual([0, 50, 67, 117]);
    expect(ms(times)).toEqual(ms(ffprobeTimes(clip)));
  });

  it('are unknown for a file with no video track', async () => {
    const audio = path.join(dir, 'audio.mp4');
    execFileSync('/usr/bin/ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=0.5', '-c:a', 'aac', audio],
    ]);
    expect(await timesOf(audio)).toBeUndefined();
  });

  it('are unknown for bytes that are not an MP4, and a cut-off file gives what it holds', async () => {
    const text = new TextEncoder().encode('not a video at all, only words');
    expect(await mp4FrameTimes(async (s, l) => text.subarray(s, s + l), text.length)).toBeUndefined();
    const bytes = new Uint8Array(fs.readFileSync(walk));
    const half = bytes.subarray(0, bytes.length >> 1);
    const cut = await mp4FrameTimes(async (s, l) => half.subarray(s, s + l), half.length);
    // The walk clip keeps its moov at the end (no faststart): half of it holds no sample table.
    expect(cut === undefined || cut.length <= 140).toBe(true);
  });
});
