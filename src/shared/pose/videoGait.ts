import type { JointRecording } from '../gait/jointDataFile.ts';
import type { GaitAnalysis } from '../gait/gaitResult.ts';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import type { SourceSkeleton } from '../formats/importedRecording.ts';
import { MEDIAPIPE_BONES, MEDIAPIPE_LANDMARKS, MEDIAPIPE_MAPPING } from '../formats/mediapipeSkeleton.ts';
import { toImportedRecording, type JointMapping } from '../formats/sourceFrames.ts';
import { KEYPOINT_FILTER, filterKeypoints } from './keypointFilter.ts';
import { guardLegSwaps } from './legSwapGuard.ts';
import { LANDMARK_COUNT, VALUES_PER_LANDMARK, type VideoKeypoints } from './poseKeypoints.ts';
import { videoScale, type ScaleChoice, type VideoScale } from './videoScale.ts';
import { longestTrackedRun, sliceKeypoints } from './walkFrames.ts';

/**
 * The MediaPipe importer's mapping, with the engine's Ankle joints taken from BlazePose's heel landmarks: the engine
 * reads its Ankle joint as the heel (boutSignals.ts), and a video sees the heel itself.
 */
const VIDEO_MAPPING: JointMapping = {
  ...MEDIAPIPE_MAPPING,
  AnkleLeft: [['left_heel'], ['left_ankle']],
  AnkleRight: [['right_heel'], ['right_ankle']],
};
/** Two complete gait cycles: fewer gives no stride time to trust (and no variability at all). */
const MIN_CYCLES = 2;
/** The video has no depth: every landmark is put this far in front of the camera, in the joint data's z. */
const CAMERA_DISTANCE_M = 3;

export type VideoGait = {
  recording: JointRecording;
  skeleton: SourceSkeleton;
  analysis: GaitAnalysis;
  scale: VideoScale;
  /** "video, BlazePose full, side view, scale from height 1.68 m (± 5 %), …": carried into the metrics and report. */
  provenance: string;
  warnings: string[];
};
export type VideoGaitResult = { ok: true; gait: VideoGait } | { ok: false; error: string };

/**
 * A side-view walking video's keypoints to the portal's joint data and metrics: the longest run of frames with one
 * body, leg labels guarded against swaps, keypoints low-pass filtered, pixels scaled to metres, the BlazePose
 * landmarks mapped to the engine's joints as the MediaPipe importer maps them, and the engine's metrics less what a
 * side view cannot measure. The walker's travel comes from the image landmarks (the model's world landmarks are
 * centred on the hips and have none). Refused, with the reason, when the body is not tracked through enough strides.
 */
export function videoGait(keypoints: VideoKeypoints, scaleChoice: ScaleChoice): VideoGaitResult {
  const run = longestTrackedRun(keypoints);
  const total = keypoints.timesMs.length;
  if (run === undefined) return { ok: false, error: 'No body was found in the video.' };
  const walk = sliceKeypoints(keypoints, run.first, run.end);
  const n = run.end - run.first;
  const seconds = n < 2 ? 0 : ((walk.timesMs[n - 1] ?? 0) - (walk.timesMs[0] ?? 0)) / 1000;
  const tooShort = (why: string) => ({
    ok: false as const,
    error: `${why} The body is tracked without a break in ${n} of ${total} frames (${seconds.toFixed(1)} s). Film the whole body side-on while the patient walks across the view for at least four steps.`,
  });
  if (n < 10 || !(seconds > 0)) return tooShort('Too few frames to measure a walk.');
  const rateHz = (n - 1) / seconds;
  const swaps = guardLegSwaps(walk.values, n);
  filterKeypoints(walk.values, n, rateHz);
  const scaled = videoScale(scaleChoice, walk.values, n);
  if (!scaled.ok) return scaled;
  const { scale } = scaled;
  const imported = toImportedRecording(
    // The format only names the result, which is not kept: the landmarks are BlazePose's, the same 33 as MediaPipe's.
    'mediapipePose',
    {
      names: MEDIAPIPE_LANDMARKS,
      times: Float64Array.from(walk.timesMs, (t) => t / 1000),
      positions: toMetres(walk, scale),
    },
    VIDEO_MAPPING,
    MEDIAPIPE_BONES,
  );
  if (!imported.ok) return imported;
  const heightM = scaleChoice.kind === 'height' ? scaleChoice.heightM : undefined;
  // Marked as a side view in the joint data, so that this analysis and every later one leave step width out.
  const recording: JointRecording = { ...imported.imported.recording, view: 'side' };
  const analysis = computeGaitMetrics(recording, { heightM });
  const cycles = analysis.status === 'ok' ? analysis.session.cycleCount : 0;
  if (cycles < MIN_CYCLES) {
    return tooShort(
      `The video holds ${cycles} complete gait cycle${cycles === 1 ? '' : 's'}; at least ${MIN_CYCLES} are needed.`,
    );
  }
  const warnings = [...imported.imported.warnings];
  if (swaps > 0) warnings.push(`The left and right legs were swapped back in ${swaps} frames where the legs cross.`);
  if (run.end - run.first < total) {
    warnings.push(
      `Frames ${run.first + 1}–${run.end} of ${total} are analysed: the body is not tracked in the others.`,
    );
  }
  const percent = Math.round(scale.uncertainty * 100);
  const provenance = `video, ${keypoints.model}, side view, ${scale.description} (lengths and speed ± ${percent} %), ${KEYPOINT_FILTER}`;
  return {
    ok: true,
    gait: {
      recording,
      skeleton: imported.imported.skeleton,
      analysis,
      scale,
      provenance,
      warnings,
    },
  };
}

/**
 * Image pixels to the joint data file's space: x to the camera's left (the video's x mirrored) and y up, both from
 * the middle of the frame, in metres; z a fixed distance from the camera.
 */
function toMetres(keypoints: VideoKeypoints, scale: VideoScale): Float32Array {
  const { values, width, height } = keypoints;
  const n = keypoints.timesMs.length;
  const out = new Float32Array(n * LANDMARK_COUNT * 3);
  for (let i = 0; i < n * LANDMARK_COUNT; i++) {
    const x = values[i * VALUES_PER_LANDMARK] ?? Number.NaN;
    const y = values[i * VALUES_PER_LANDMARK + 1] ?? Number.NaN;
    out[i * 3] = (width / 2 - x) * scale.metresPerPixel;
    out[i * 3 + 1] = (height / 2 - y) * scale.metresPerPixel;
    out[i * 3 + 2] = CAMERA_DISTANCE_M;
  }
  return out;
}
