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

/**
 * Every frame of the video at the given frame rate, by seeking to the middle of each frame's time (seeking is
 * exact where playing would drop frames a slow device cannot keep up with), as RGB bytes.
 */
export async function* videoFrames(video: HTMLVideoElement, frameRateHz: number): AsyncGenerator<DecodedFrame> {
  const width = Math.min(DECODE_WIDTH, video.videoWidth);
  const height = Math.round((video.videoHeight * width) / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('This device cannot read video frames.');
  const count = Math.floor(video.duration * frameRateHz);
  let previous: Uint8ClampedArray | undefined;
  for (let f = 0; f < count; f++) {
    await seek(video, (f + 0.5) / frameRateHz);
    const rgba = await drawSettled(video, context, width, height, previous);
    previous = rgba;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
      rgb[j] = rgba[i] ?? 0;
      rgb[j + 1] = rgba[i + 1] ?? 0;
      rgb[j + 2] = rgba[i + 2] ?? 0;
    }
    yield { rgb, width, height, timeMs: (f * 1000) / frameRateHz };
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

export const frameCountOf = (video: HTMLVideoElement, frameRateHz: number) => Math.floor(video.duration * frameRateHz);

function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  return new Promise((resolve) => {
    video.onseeked = () => resolve();
    video.currentTime = seconds;
  });
}
