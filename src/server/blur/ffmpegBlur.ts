import { spawn } from 'node:child_process';

export type FfmpegLimits = {
  /** The ffmpeg binary: Debian's /usr/bin/ffmpeg (GPL, with x264) unless FFMPEG_PATH names another. */
  ffmpegPath: string;
  /** The child's whole address space (ulimit -v): a damaged or huge video cannot take the server's memory. */
  memoryMb: number;
  /** The child is killed after this long, and the attempt counts as failed. */
  timeoutSeconds: number;
};

/**
 * Whole-frame blur strong enough that no face can be recognised while the body's movement stays visible: a box blur
 * of a twentieth of the frame's smaller side, three passes, on brightness and colour alike. Sizes are made even
 * because H.264 in yuv420p needs them so.
 */
const WHOLE_FRAME_BLUR =
  'scale=trunc(iw/2)*2:trunc(ih/2)*2,' +
  'boxblur=luma_radius=min(w\\,h)/20:luma_power=3:chroma_radius=min(cw\\,ch)/20:chroma_power=3';

/**
 * Every blurred video's encoding: H.264 (yuv420p, CRF 23) in MP4 with the index at the front (+faststart), so the
 * player and Range requests can seek before the file has loaded, like any uploaded video; no subtitles, data or
 * metadata (which can name a patient or a place).
 */
export const H264_MP4_OUTPUT = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-sn',
  '-dn',
  '-map_metadata',
  '-1',
  '-f',
  'mp4',
] as const;

/**
 * ffmpeg's arguments for the whole-frame blur, encoded as every blurred video is; audio kept as AAC or dropped.
 * Progress is written to stdout as key=value lines.
 */
export function wholeFrameBlurArgs(input: string, output: string, keepAudio: boolean): string[] {
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(keepAudio ? ['-map', '0:a:0?', '-c:a', 'aac', '-b:a', '128k'] : ['-an']),
    '-vf',
    WHOLE_FRAME_BLUR,
    '-progress',
    'pipe:1',
    '-nostats',
    ...H264_MP4_OUTPUT,
    output,
  ];
}

export type RunningBlur = {
  /** Resolves when ffmpeg exits 0; rejects with its message otherwise (or when stopped or timed out). */
  done: Promise<void>;
  stop(reason: string): void;
};

/**
 * Runs ffmpeg as a child process under a memory limit (the shell's ulimit, applied before exec) and a timeout,
 * reporting the encoded time in seconds as it goes. The arguments go to the shell as positional parameters, never
 * into its script, so no file name can be read as a command.
 */
export function runFfmpeg(
  limits: FfmpegLimits,
  args: readonly string[],
  onTime: (seconds: number) => void,
): RunningBlur {
  const child = spawn(
    '/bin/sh',
    ['-c', 'ulimit -v "$1" && shift && exec "$@"', 'sh', String(limits.memoryMb * 1024), limits.ffmpegPath, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stopped: string | undefined;
  let stderr = '';
  const stop = (reason: string) => {
    stopped ??= reason;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(
    () => stop(`The blurring took longer than ${String(limits.timeoutSeconds)} s.`),
    limits.timeoutSeconds * 1000,
  );
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match?.[1] !== undefined) onTime(Number(match[1]) / 1e6);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`ffmpeg could not be started (${limits.ffmpegPath}): ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (stopped !== undefined) reject(new Error(stopped));
      else if (code === 0) resolve();
      else {
        const last = stderr.trim().split('\n').pop() ?? '';
        reject(new Error(`ffmpeg stopped (${signal ?? `exit ${String(code)}`}): ${last}`.trim()));
      }
    });
  });
  return { done, stop };
}

/** The video's duration in seconds, from ffprobe beside ffmpeg; undefined when it cannot tell. */
export function probeDuration(limits: FfmpegLimits, input: string): Promise<number | undefined> {
  const ffprobe = limits.ffmpegPath.replace(/ffmpeg$/, 'ffprobe');
  return new Promise((resolve) => {
    const child = spawn(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', input], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', () => resolve(undefined));
    child.once('close', () => {
      clearTimeout(timer);
      const seconds = Number(out.trim());
      resolve(Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);
    });
  });
}
