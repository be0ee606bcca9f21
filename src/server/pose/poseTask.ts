import { parentPort, workerData } from 'node:worker_threads';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { LANDMARK_COUNT, VALUES_PER_LANDMARK } from '#shared/pose/poseKeypoints';
import { scaleChoiceFor, type ScaleInput } from '#shared/pose/scaleInput';
import { videoGait } from '#shared/pose/videoGait';
import { videoMetricsFile } from '#shared/pose/videoMetricsFile';
import { nodeBlazePose } from './nodeBlazePose.ts';
import { frameTimesMs, probeVideo, videoFrames, type FrameLimits } from './videoFrames.ts';

/** What the thread is given: the video as a file, its scale, the bounds, and when the analysis is dated. */
export type PoseTaskInput = FrameLimits & { video: string; scale: ScaleInput; generatedAt: string };

/** What the thread says: its progress, then the files it measured, or videoGait's refusal (or another failure). */
export type PoseTaskMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; jointDataText: string; metricsText: string }
  | { type: 'refused'; error: string }
  | { type: 'error'; error: string };

const PER_FRAME = LANDMARK_COUNT * VALUES_PER_LANDMARK;
const say = (message: PoseTaskMessage) => parentPort?.postMessage(message);

/**
 * The device's pipeline on the server (src/shared/pose/README.md): ffmpeg's frames through BlazePose full on tfjs's
 * WASM backend, then videoGait, and the joint data and metrics files the device would upload.
 */
async function measureWalk(input: PoseTaskInput): Promise<PoseTaskMessage> {
  const facts = await probeVideo(input, input.video);
  const expected = Math.max(
    1,
    Math.min(input.maxFrames, Math.round(Math.min(facts.durationS, input.maxSeconds) * facts.frameRateHz)),
  );
  const tracker = await nodeBlazePose();
  const values = new Float32Array(input.maxFrames * PER_FRAME).fill(Number.NaN);
  let [width, height, done, said] = [0, 0, 0, -1];
  for await (const frame of videoFrames(input, input.video)) {
    [width, height] = [frame.width, frame.height];
    const points = await tracker.estimate(frame);
    if (points !== undefined) values.set(points, done * PER_FRAME);
    done++;
    const percent = Math.min(99, Math.floor((done / expected) * 100));
    if (percent !== said) say({ type: 'progress', percent: (said = percent) });
  }
  const timesMs = frameTimesMs(facts.shownAtS, done, facts.frameRateHz);
  const keypoints = { model: 'BlazePose full', width, height, timesMs, values: values.slice(0, done * PER_FRAME) };
  const result = videoGait(keypoints, scaleChoiceFor(input.scale, width, height));
  if (!result.ok) return { type: 'refused', error: result.error };
  const { gait } = result;
  const analysedS = done / facts.frameRateHz;
  if (facts.durationS > analysedS + 0.5) {
    gait.warnings.push(`Only the first ${analysedS.toFixed(1)} s of the video are analysed on the server.`);
  }
  const metrics = videoMetricsFile(gait, new Date(input.generatedAt));
  return { type: 'done', jointDataText: serializeJointData(gait.recording), metricsText: JSON.stringify(metrics) };
}

measureWalk(workerData as PoseTaskInput).then(say, (error: unknown) =>
  say({ type: 'error', error: error instanceof Error ? error.message : String(error) }),
);
