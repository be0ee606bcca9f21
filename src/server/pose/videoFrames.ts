import { spawn } from 'node:child_process';
import type { RgbFrame } from '#shared/pose/blazePoseRunner';

/** The width frames are decoded at, as on the device: BlazePose looks at 256 × 256 crops, so more only costs time. */
const DECODE_WIDTH = 640;
/** The decoding ffmpeg's address space (ulimit -v): one thread decoding one video needs far less. */
const DECODE_MEMORY_MB = 1024;

/**
 * `shownAtS`: when each of the video's first frames is shown, in seconds from the first, from the presentation times
 * of its packets (read without decoding), in order. A phone's video may vary its frame rate with the light; timing
 * its frames by the average rate would move every event. At most the first `maxSeconds` and `maxFrames`.
 */
export type VideoFacts = { frameRateHz: number; durationS: number; shownAtS: number[] };
export type FrameLimits = { ffmpegPath: string; maxSeconds: number; maxFrames: number };

type Probed = {
  streams?: { avg_frame_rate?: string }[];
  format?: { duration?: string };
  packets?: { pts_time?: string }[];
};

/** The video's frame rate, duration and frame times, from one run of ffprobe beside ffmpeg. */
export function probeVideo(limits: FrameLimits, video: string): Promise<VideoFacts> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `%+${String(limits.maxSeconds + 1)}`];
  const entries = ['-show_entries', 'stream=avg_frame_rate:format=duration:packet=pts_time', '-of', 'json', video];
  const ffprobe = limits.ffmpegPath.replace(/ffmpeg$/, 'ffprobe');
  const child = spawn(ffprobe, [...args, ...entries], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`ffprobe could not be started: ${error.message}`)));
    child.once('close', () => {
      const facts = JSON.parse(out || '{}') as Probed;
      const [num = Number.NaN, den = Number.NaN] = (facts.streams?.[0]?.avg_frame_rate ?? '').split('/').map(Number);
      const frameRateHz = num / den;
      const durationS = Number(facts.format?.duration);
      if (!(frameRateHz > 0) || !(durationS > 0))
        return reject(new Error('The video has no frames that could be read.'));
      const times = (facts.packets ?? [])
        .map((packet) => Number.parseFloat(packet.pts_time ?? ''))
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const first = times[0] ?? 0;
      resolve({ frameRateHz, durationS, shownAtS: times.slice(0, limits.maxFrames).map((t) => t - first) });
    });
  });
}

/**
 * Each decoded frame's time: when the video shows it (probeVideo's shownAtS), where every frame has one; otherwise (a
 * container whose packets do not match its frames) the average frame rate's.
 */
export function frameTimesMs(shownAtS: readonly number[], frames: number, frameRateHz: number): Float64Array {
  const own = shownAtS.length >= frames;
  return Float64Array.from({ length: frames }, (_, i) => (own ? (shownAtS[i] ?? 0) * 1000 : (i * 1000) / frameRateHz));
}

/**
 * The video's frames in order, RGB at 640 pixels wide (or its own width, if narrower), decoded by ffmpeg as a stream
 * of PPM images: a frame is read only when the one before has been used, so the video is never held in memory; at
 * most `maxSeconds` and `maxFrames` of it. ffmpeg's own rotation is applied, and the PPM header says each frame's size.
 */
export async function* videoFrames(limits: FrameLimits, video: string): AsyncGenerator<RgbFrame> {
  const args = [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', '1', '-t', String(limits.maxSeconds)],
    ...['-i', video, '-map', '0:v:0', '-an', '-sn', '-dn', '-vf', `scale='min(${DECODE_WIDTH},iw)':-2`],
    ...['-frames:v', String(limits.maxFrames), '-fps_mode', 'passthrough', '-c:v', 'ppm', '-f', 'image2pipe', 'pipe:1'],
  ];
  const child = spawn(
    '/bin/sh',
    ['-c', 'ulimit -v "$1" && shift && exec "$@"', 'sh', String(DECODE_MEMORY_MB * 1024), limits.ffmpegPath, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  let chunks: Buffer[] = [];
  let held = 0;
  let wanted = 0;
  let header: { width: number; height: number; bytes: number } | undefined;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      held += chunk.length;
      while (held > 0 && held >= wanted) {
        const all = chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks, held);
        if (header === undefined) {
          const match = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(all.subarray(0, 40).toString('latin1'));
          if (match === null) {
            if (held > 40) throw new Error('The video could not be decoded.');
            [chunks, wanted] = [[all], held + 1];
            break;
          }
          const [width, height] = [Number(match[1]), Number(match[2])];
          header = { width, height, bytes: match[0].length };
          wanted = header.bytes + width * height * 3;
        }
        if (held < wanted) {
          chunks = [all];
          break;
        }
        const { width, height, bytes } = header;
        yield { data: new Uint8Array(all.subarray(bytes, wanted)), width, height };
        const rest = all.subarray(wanted);
        [chunks, held, wanted, header] = [rest.length > 0 ? [rest] : [], rest.length, 0, undefined];
      }
    }
    const code = await exited;
    if (code !== 0) throw new Error(`The video could not be decoded: ${stderr.trim().split('\n').pop() ?? ''}`.trim());
  } finally {
    child.kill('SIGKILL');
  }
}
