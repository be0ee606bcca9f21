import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DEMO_CLIP = path.resolve('tests/fixtures/video/demo.mp4');

/** The first seconds of the Sports2D demo clip (tests/fixtures/video, BSD-3-Clause), cut without re-encoding. */
export function demoClip(seconds: number): Buffer {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gait-clip-')), 'clip.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    DEMO_CLIP,
    '-t',
    String(seconds),
    '-c',
    'copy',
    out,
  ]);
  const clip = fs.readFileSync(out);
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return clip;
}

/** What ffprobe says of a video: its streams' codecs and its duration. */
export function probe(video: Buffer): { codecs: string[]; duration: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gait-probe-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const out = execFileSync('/usr/bin/ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name:format=duration',
    '-of',
    'json',
    file,
  ]).toString();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const parsed = JSON.parse(out) as { streams: { codec_name: string }[]; format: { duration: string } };
  return { codecs: parsed.streams.map((s) => s.codec_name), duration: Number(parsed.format.duration) };
}
