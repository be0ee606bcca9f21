import type { BlurRegion } from '#shared/sessions/blurJobs';
import type { HeadBoxes } from '#shared/sessions/headBoxes';
import { heldHeadBoxes } from '#shared/sessions/headBoxes';
import { createWorkerQueue } from '#server/workers/singleWorkerQueue';
import type { FfmpegLimits, RunningBlur } from './ffmpegBlur.ts';
import { decodeRgb, encodeRgb, probeShape } from './ffmpegFrames.ts';
import type { HeadDetectionTask } from './headDetectionWorker.ts';

/**
 * A box found in one frame is filled in the frames this far before and after it too: a head the detector misses
 * for a moment (a turn, a blur of motion, a person found only on the next detection pass) stays hidden.
 */
const HEAD_HOLD_FRAMES = 8;
/** The fill: a flat mid-grey hides a face completely and shows the reviewer exactly what was covered. */
const FILL = 128;
/** The detection worker's heap; the models' tensors live in WASM memory beside it. */
const WORKER_HEAP_MB = 512;

/** A reviewer's marked regions that apply at a moment, as boxes in pixels. */
function regionBoxes(regions: readonly BlurRegion[], seconds: number, width: number, height: number): number[][] {
  return regions
    .filter((r) => (r.fromSecond ?? 0) <= seconds && seconds <= (r.toSecond ?? Infinity))
    .map((r) => [
      Math.floor(r.x * width),
      Math.floor(r.y * height),
      Math.ceil(r.width * width),
      Math.ceil(r.height * height),
    ]);
}

/** Fills the boxes of one RGB frame. */
function fillBoxes(frame: Uint8Array, width: number, height: number, boxes: readonly number[][]): void {
  for (const [bx = 0, by = 0, bw = 0, bh = 0] of boxes) {
    const [x0, x1] = [Math.max(0, bx), Math.min(width, bx + bw)];
    for (let y = Math.max(0, by); y < Math.min(height, by + bh); y++) {
      if (x1 > x0) frame.fill(FILL, (y * width + x0) * 3, (y * width + x1) * 3);
    }
  }
}

/**
 * Blurs the heads of a video (docs/blurring.md): ffmpeg decodes it to RGB frames, a worker thread finds every
 * person's head in each (headBoxes.ts) so that the server's event loop stays free, the boxes of each frame and of
 * HEAD_HOLD_FRAMES either side are filled (with the regions a reviewer marked for this run), and ffmpeg encodes the frames as every blurred video is. Frames are
 * streamed: only those waiting for the boxes of the frames after them are held (HEAD_HOLD_FRAMES + 1). Answers the
 * boxes found, for the review to draw.
 */
export function runHeadsBlur(
  limits: FfmpegLimits,
  input: string,
  output: string,
  keepAudio: boolean,
  regions: readonly BlurRegion[],
  duration: number | undefined,
  onProgress: (frames: number, total: number | undefined) => void,
): RunningBlur & { boxes: Promise<HeadBoxes> } {
  let stopped: string | undefined;
  const stoppers: (() => void)[] = [];
  const stop = (reason: string) => {
    stopped ??= reason;
    for (const s of stoppers) s();
  };
  const timer = setTimeout(
    () => stop(`The blurring took longer than ${String(limits.timeoutSeconds)} s.`),
    limits.timeoutSeconds * 1000,
  );
  const detector = createWorkerQueue<HeadDetectionTask, number[] | { failed: string }>({
    entry: new URL('./headDetectionWorker.ts', import.meta.url),
    memoryMb: WORKER_HEAP_MB,
    name: 'head detection worker',
    outOfMemory: () => ({ failed: 'The head detection ran out of memory.' }),
  });
  const boxes = (async (): Promise<HeadBoxes> => {
    const shape = await probeShape(limits, input);
    const decoder = decodeRgb(limits, input, shape);
    const encoder = encodeRgb(limits, input, output, shape, keepAudio);
    stoppers.push(decoder.stop, encoder.stop);
    if (stopped !== undefined) stop(stopped);
    const found: HeadBoxes = {
      Width: shape.width,
      Height: shape.height,
      FrameRate: shape.frameRate,
      Hold: HEAD_HOLD_FRAMES,
      Frames: [],
    };
    const waiting: Uint8Array[] = [];
    const total = duration === undefined ? undefined : Math.round(duration * shape.frameRate);
    const release = async (upTo: number) => {
      // The oldest waiting frame is found.Frames.length − waiting.length; it goes once the frames it holds from are in.
      while (waiting.length > 0 && found.Frames.length - waiting.length + HEAD_HOLD_FRAMES < upTo) {
        const index = found.Frames.length - waiting.length;
        const frame = waiting.shift() as Uint8Array;
        const marked = regionBoxes(regions, index / shape.frameRate, shape.width, shape.height);
        fillBoxes(frame, shape.width, shape.height, [...heldHeadBoxes(found, index), ...marked]);
        await encoder.write(frame);
      }
    };
    try {
      for await (const data of decoder.frames) {
        const index = found.Frames.length;
        const heads = await detector.run({ data, width: shape.width, height: shape.height, index });
        if (!Array.isArray(heads)) throw new Error(heads.failed);
        found.Frames.push(heads);
        waiting.push(data);
        await release(found.Frames.length);
        onProgress(found.Frames.length, total);
      }
      if (stopped !== undefined) throw new Error(stopped);
      await release(Infinity);
      encoder.end();
      await Promise.all([decoder.done, encoder.done]);
      return found;
    } catch (error) {
      decoder.stop();
      encoder.stop();
      throw new Error(stopped ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      clearTimeout(timer);
      await detector.close();
    }
  })();
  return { done: boxes.then(() => undefined), boxes, stop };
}
