import { LANDMARK_COUNT, VALUES_PER_LANDMARK, type VideoKeypoints } from '#shared/pose/poseKeypoints';
import type { PoseReply, PoseRequest } from './poseMessages.ts';
import { frameCountOf, mp4FileFrameTimes, openVideo, videoFrames } from './videoFrames.ts';

export type PoseProgress = { done: number; total: number; backend: string; framesPerSecond: number };

const PER_FRAME = LANDMARK_COUNT * VALUES_PER_LANDMARK;

/** The keypoint arrays with room for twice the frames (at least 64). */
function grown(values: Float32Array, timesMs: Float64Array): [Float32Array<ArrayBuffer>, Float64Array<ArrayBuffer>] {
  const frames = Math.max(64, timesMs.length * 2);
  const moreValues = new Float32Array(frames * PER_FRAME).fill(Number.NaN);
  moreValues.set(values);
  const moreTimes = new Float64Array(frames);
  moreTimes.set(timesMs);
  return [moreValues, moreTimes];
}

/**
 * BlazePose full on every frame of a video, in a worker (poseWorker.ts), on the device: nothing leaves it. Cancel
 * with the signal (the worker is stopped at once). Reports progress and the worker's frames per second.
 */
export async function poseFromVideo(
  file: Blob,
  frameRateHz: number,
  signal: AbortSignal,
  onProgress: (progress: PoseProgress) => void,
): Promise<VideoKeypoints> {
  const worker = new Worker(new URL('./poseWorker.ts', import.meta.url), { type: 'module' });
  const { video, close } = await openVideo(file);
  const stop = () => worker.terminate();
  signal.addEventListener('abort', stop);
  const ask = (request: PoseRequest, transfer: Transferable[] = []) =>
    new Promise<PoseReply>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')), { once: true });
      worker.onmessage = (event: MessageEvent<PoseReply>) => resolve(event.data);
      worker.onerror = () => reject(new Error('The pose model could not be started on this device.'));
      worker.postMessage(request, transfer);
    });
  try {
    const ready = await ask({ type: 'start' });
    if (ready.type === 'failed') throw new Error(`The pose model could not be loaded: ${ready.error}`);
    const backend = ready.type === 'ready' ? ready.backend : '';
    // An MP4's frames are timed as the file says; frameRateHz times a file whose tables cannot be read.
    const shownAtS = await mp4FileFrameTimes(file);
    // A played recording may hold a frame more or less than its duration says: the arrays grow as frames come.
    const expected = shownAtS?.length ?? frameCountOf(video, frameRateHz);
    let values = new Float32Array(expected * PER_FRAME).fill(Number.NaN);
    let timesMs = new Float64Array(expected);
    let [width, height, done] = [0, 0, 0];
    const started = performance.now();
    for await (const frame of videoFrames(video, frameRateHz, file.type, shownAtS)) {
      if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
      [width, height] = [frame.width, frame.height];
      if (done === timesMs.length) [values, timesMs] = grown(values, timesMs);
      const answer = await ask({ type: 'frame', index: done, rgb: frame.rgb, width, height }, [frame.rgb.buffer]);
      if (answer.type === 'failed') throw new Error(`Pose estimation failed: ${answer.error}`);
      if (answer.type === 'landmarks' && answer.points !== null) values.set(answer.points, done * PER_FRAME);
      timesMs[done] = frame.timeMs;
      done++;
      const seconds = (performance.now() - started) / 1000;
      onProgress({ done, total: Math.max(expected, done), backend, framesPerSecond: seconds > 0 ? done / seconds : 0 });
    }
    return {
      model: 'BlazePose full',
      width,
      height,
      timesMs: timesMs.slice(0, done),
      values: values.slice(0, done * PER_FRAME),
    };
  } finally {
    signal.removeEventListener('abort', stop);
    worker.terminate();
    close();
  }
}
