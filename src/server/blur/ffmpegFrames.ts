import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { FfmpegLimits } from './ffmpegBlur.ts';
import { H264_MP4_OUTPUT } from './ffmpegBlur.ts';

export type VideoShape = { width: number; height: number; frameRate: number };

/** ffmpeg under the job's memory limit (ulimit -v, applied by the shell before exec; arguments never in its script). */
function limitedFfmpeg(limits: FfmpegLimits, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(
    '/bin/sh',
    ['-c', 'ulimit -v "$1" && shift && exec "$@"', 'sh', String(limits.memoryMb * 1024), limits.ffmpegPath, ...args],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

function exited(child: ChildProcessWithoutNullStreams, what: string): Promise<void> {
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`ffmpeg could not be started: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `ffmpeg ${what} stopped (${signal ?? `exit ${String(code)}`}): ${stderr.trim().split('\n').pop() ?? ''}`,
          ),
        );
    });
  });
  // A process stopped on purpose, or after another failed, rejects with nobody waiting: that is no crash.
  done.catch(() => undefined);
  return done;
}

/**
 * The video's frames as RGB, one buffer a frame, read as ffmpeg decodes them: only the frame being read is in
 * memory (and those the caller keeps). Rotation from the phone's metadata is applied, sizes made even for H.264,
 * and frames spaced evenly at the given rate.
 */
export function decodeRgb(limits: FfmpegLimits, input: string, shape: VideoShape) {
  const child = limitedFfmpeg(limits, [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-vf',
    `scale=${String(shape.width)}:${String(shape.height)}`,
    '-fps_mode',
    'cfr',
    '-r',
    String(shape.frameRate),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  child.stdin.end();
  const done = exited(child, 'decoding');
  const size = shape.width * shape.height * 3;
  async function* frames(): AsyncGenerator<Uint8Array> {
    let frame = new Uint8Array(size);
    let filled = 0;
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length;) {
        const n = Math.min(size - filled, chunk.length - at);
        frame.set(chunk.subarray(at, at + n), filled);
        [filled, at] = [filled + n, at + n];
        if (filled === size) {
          yield frame;
          [frame, filled] = [new Uint8Array(size), 0];
        }
      }
    }
    await done;
  }
  return { frames: frames(), done, stop: () => child.kill('SIGKILL') };
}

/** An H.264 MP4 encoder fed RGB frames; the sound is taken from the original when it is kept. */
export function encodeRgb(
  limits: FfmpegLimits,
  original: string,
  output: string,
  shape: VideoShape,
  keepAudio: boolean,
) {
  const child = limitedFfmpeg(limits, [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${String(shape.width)}x${String(shape.height)}`,
    '-r',
    String(shape.frameRate),
    '-i',
    'pipe:0',
    ...(keepAudio
      ? ['-i', original, '-map', '0:v:0', '-map', '1:a:0?', '-c:a', 'aac', '-b:a', '128k']
      : ['-map', '0:v:0', '-an']),
    ...H264_MP4_OUTPUT,
    output,
  ]);
  const done = exited(child, 'encoding');
  // A write to an encoder that died answers its error through `done`, not an unhandled stream error.
  child.stdin.on('error', () => undefined);
  return {
    done,
    async write(frame: Uint8Array): Promise<void> {
      // An encoder that stopped never drains: its end answers instead.
      if (!child.stdin.write(frame))
        await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), done]);
    },
    end: () => child.stdin.end(),
    stop: () => child.kill('SIGKILL'),
  };
}

/** The frame size (rotated as played, made even) and rate the decoder and encoder use, from ffprobe. */
export function probeShape(limits: FfmpegLimits, input: string): Promise<VideoShape> {
  const ffprobe = limits.ffmpegPath.replace(/ffmpeg$/, 'ffprobe');
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffprobe,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,avg_frame_rate:stream_side_data=rotation',
        '-of',
        'json',
        input,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('close', () => {
      try {
        const stream = (
          JSON.parse(out) as {
            streams: {
              width: number;
              height: number;
              avg_frame_rate: string;
              side_data_list?: { rotation?: number }[];
            }[];
          }
        ).streams[0];
        if (stream === undefined) throw new Error('The file has no video stream.');
        const turned =
          Math.abs(stream.side_data_list?.find((s) => s.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
        const [w, h] = turned ? [stream.height, stream.width] : [stream.width, stream.height];
        const [num = 30, den = 1] = stream.avg_frame_rate.split('/').map(Number);
        const rate = num > 0 && den > 0 ? num / den : 30;
        resolve({
          width: Math.floor(w / 2) * 2,
          height: Math.floor(h / 2) * 2,
          frameRate: Math.round(rate * 1000) / 1000,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
