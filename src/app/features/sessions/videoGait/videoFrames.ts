import { hasMp4Signature } from '#shared/sessions/mp4Structure';
import { mp4FrameTimes } from '#shared/sessions/mp4FrameTimes';

/** The width frames are decoded at: BlazePose looks at 256 × 256 crops, so more pixels only cost time. */
const DECODE_WIDTH = 640;

export type DecodedFrame = { rgb: Uint8Array; width: number; height: number; timeMs: number };

/** A loaded <video> of the file, muted, for seeking frame by frame. */
export async function openVideo(file: Blob): Promise<{ video: HTMLVideoElement; close: () => void }> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  await new Promise<void>((resolve, reject) => {
    video.onloadeddata = () => resolve();
    video.onerror = () => reject(new Error('This video cannot be played on this device.'));
  });
  return { video, close: () => URL.revokeObjectURL(url) };
}

/** A canvas at the decoding width, to draw the video's frames on. */
function frameCanvas(video: HTMLVideoElement) {
  const width = Math.min(DECODE_WIDTH, video.videoWidth);
  const height = Math.round((video.videoHeight * width) / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('This device cannot read video frames.');
  return { context, width, height };
}

function rgbOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i] ?? 0;
    rgb[j + 1] = rgba[i + 1] ?? 0;
    rgb[j + 2] = rgba[i + 2] ?? 0;
  }
  return rgb;
}

/**
 * When each frame of an MP4 (or QuickTime) video is shown, in seconds from the first, read from its sample tables
 * (mp4FrameTimes.ts); undefined for another format, or a file whose tables cannot be read.
 */
export async function mp4FileFrameTimes(file: Blob): Promise<number[] | undefined> {
  const read = async (start: number, length: number) =>
    new Uint8Array(await file.slice(start, start + length).arrayBuffer());
  if (!hasMp4Signature(await read(0, 16))) return undefined;
  return mp4FrameTimes(read, file.size);
}

/**
 * Every frame of the video, as RGB bytes. A video the browser can seek in exactly (an MP4) is read by seeking to the
 * middle of each frame's time: exact where playing would drop frames a slow device cannot keep up with. Its frames'
 * times are `shownAtS`, the ones the file says (a phone's camera varies its rate with the light), or else the given
 * frame rate's. A WebM recording (what MediaRecorder makes in Firefox) holds no index to seek by, so a seek lands on
 * a keyframe seconds away and every frame would be the same picture: it is played instead, paused at each frame.
 */
export function videoFrames(
  video: HTMLVideoElement,
  frameRateHz: number,
  type: string,
  shownAtS?: readonly number[],
): AsyncGenerator<DecodedFrame> {
  if (type.startsWith('video/webm')) return playedFrames(video);
  const even = Array.from({ length: frameCountOf(video, frameRateHz) }, (_, f) => f / frameRateHz);
  return seekedFrames(video, shownAtS !== undefined && shownAtS.length > 0 ? shownAtS : even);
}

/** Where to seek for frame f: halfway to the next frame's time (the last frame: half its gap past it). */
export function seekTarget(shownAtS: readonly number[], f: number): number {
  const at = shownAtS[f] ?? 0;
  const next = shownAtS[f + 1];
  if (next !== undefined) return (at + next) / 2;
  const gap = f > 0 ? at - (shownAtS[f - 1] ?? 0) : 1 / 30;
  return at + gap / 2;
}

async function* seekedFrames(video: HTMLVideoElement, shownAtS: readonly number[]): AsyncGenerator<DecodedFrame> {
  const { context, width, height } = frameCanvas(video);
  let previous: Uint8ClampedArray | undefined;
  for (let f = 0; f < shownAtS.length; f++) {
    await seek(video, seekTarget(shownAtS, f));
    const rgba = await drawSettled(video, context, width, height, previous);
    previous = rgba;
    yield { rgb: rgbOf(rgba, width, height), width, height, timeMs: (shownAtS[f] ?? 0) * 1000 };
  }
}

/** A played video that shows no new frame for this long has ended (some recordings never fire `ended`). */
const PLAYED_FRAME_TIMEOUT_MS = 3000;

/**
 * Every frame the video presents, in order, each with its own time (so a camera's uneven frame times are kept): the
 * video plays until it presents the next frame, which is drawn in that frame's callback (the one moment the element
 * is known to show it: once paused, it may show its neighbour), then waits paused while the frame is measured.
 */
async function* playedFrames(video: HTMLVideoElement): AsyncGenerator<DecodedFrame> {
  const { context, width, height } = frameCanvas(video);
  video.currentTime = 0;
  for (;;) {
    const presented = new Promise<{ rgba: Uint8ClampedArray; timeMs: number } | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), PLAYED_FRAME_TIMEOUT_MS);
      video.onended = () => resolve(undefined);
      video.requestVideoFrameCallback((_now, frame) => {
        context.drawImage(video, 0, 0, width, height);
        video.pause();
        clearTimeout(timer);
        resolve({ rgba: context.getImageData(0, 0, width, height).data, timeMs: frame.mediaTime * 1000 });
      });
    });
    // Not awaited: at the end of a recording that names no duration, play() may never settle.
    video.play().catch(() => undefined);
    const frame = await presented;
    if (frame === undefined) return;
    yield { rgb: rgbOf(frame.rgba, width, height), width, height, timeMs: frame.timeMs };
  }
}

/** How long a frame that looks like the one before is waited on, in steps, before it is taken as a real still. */
const SETTLE_STEPS = 6;
const SETTLE_STEP_MS = 25;

/**
 * The frame after a seek. Chromium can fire `seeked` before the new frame is painted (more often on a busy device),
 * and drawing then copies the previous frame again: a walk read from such frames has steps in the wrong place. A
 * frame identical to the one before is drawn again until it changes; a video that truly holds still (a camera that
 * repeats frames) costs at most 150 ms a frame.
 */
export async function drawSettled(
  video: HTMLVideoElement,
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  previous: Uint8ClampedArray | undefined,
): Promise<Uint8ClampedArray> {
  for (let step = 0; ; step++) {
    context.drawImage(video, 0, 0, width, height);
    const rgba = context.getImageData(0, 0, width, height).data;
    if (previous === undefined || step === SETTLE_STEPS || !sameBytes(rgba, previous)) return rgba;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
  }
}

function sameBytes(a: Uint8ClampedArray, b: Uint8ClampedArray): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The frames the video holds at the frame rate; a recording that names no duration (Infinity) gives 0. */
export const frameCountOf = (video: HTMLVideoElement, frameRateHz: number) =>
  Number.isFinite(video.duration) ? Math.floor(video.duration * frameRateHz) : 0;

function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  return new Promise((resolve) => {
    video.onseeked = () => resolve();
    video.currentTime = seconds;
  });
}
