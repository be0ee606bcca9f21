import { addFootLockedTranslation } from './footLockedTranslation.ts';
import { importFailure, type ImportResult } from './importedRecording.ts';
import { finiteNumber, isRecord, parseJson } from './jsonValues.ts';
import { MEDIAPIPE_BONES, MEDIAPIPE_LANDMARKS, MEDIAPIPE_MAPPING } from './mediapipeSkeleton.ts';
import { toImportedRecording } from './sourceFrames.ts';
import { standUpright, type FileAxes } from './uprightRecording.ts';

const LANDMARKS = MEDIAPIPE_LANDMARKS.length;
/** MediaPipe's own drawing utilities hide a landmark below this visibility or presence (drawing_utils.py). */
const VISIBILITY_THRESHOLD = 0.5;
/** World landmarks carry no distance to the camera; the walker starts this far in front of it. */
const CAMERA_DISTANCE_M = 3;
/** (x, y, z) becomes (−x, −y, z): world landmarks have y down. */
const MEDIAPIPE_AXES: FileAxes = { axes: ['-X', '-Y', '+Z'], declared: "-Y (MediaPipe world landmarks' up)" };
const LANDMARK_KEYS = ['pose_world_landmarks', 'worldLandmarks', 'poseWorldLandmarks'] as const;
const CONTACT_POINTS = ['left_heel', 'left_foot_index', 'right_heel', 'right_foot_index'].map((name) =>
  MEDIAPIPE_LANDMARKS.indexOf(name as (typeof MEDIAPIPE_LANDMARKS)[number]),
);

/**
 * Reads MediaPipe Pose world landmarks (docs/import-formats.md): a list of frames, or { frames: [...] }, each
 * { timestamp_ms, pose_world_landmarks } (Python names; the JavaScript names timestampMs and worldLandmarks are
 * accepted too) holding the 33 landmarks { x, y, z, visibility } in metres, or a list of poses of which the first is
 * used; a frame with no pose is dropped. World landmarks have their origin between the hips, x to the image's right,
 * y down and z away from the camera, so (x, y, z) becomes (−x, −y, z), a half turn about z; a landmark whose
 * visibility (or presence) is below 0.5 is untracked. Being hip-centred they lose the walker's travel, which is
 * restored by keeping the weight-bearing foot still (footLockedTranslation.ts): speed and step lengths from video are
 * estimates.
 */
export function importMediapipePose(text: string): ImportResult {
  const data = parseJson(text);
  if (data === undefined) return importFailure('The MediaPipe file is not valid JSON (it may be cut off).');
  const frames: unknown = isRecord(data) ? data.frames : data;
  if (!Array.isArray(frames)) {
    return importFailure('The MediaPipe file has no list of frames (each with timestamp_ms and pose_world_landmarks).');
  }
  const times: number[] = [];
  const positions: number[] = [];
  let dropped = 0;
  for (let i = 0; i < frames.length; i++) {
    const frame: unknown = frames[i];
    const where = `Frame ${i + 1}`;
    if (!isRecord(frame)) return importFailure(`${where} is not an object with timestamp_ms and pose_world_landmarks.`);
    const time = finiteNumber(frame.timestamp_ms ?? frame.timestampMs);
    if (time === undefined) return importFailure(`${where} has no numeric timestamp_ms (milliseconds).`);
    const key = LANDMARK_KEYS.find((k) => k in frame);
    if (key === undefined) return importFailure(`${where} has no pose_world_landmarks.`);
    const pose = firstPose(frame[key]);
    if (pose === undefined) {
      dropped++;
      continue;
    }
    if (pose.length !== LANDMARKS) {
      return importFailure(`${where} has ${pose.length} landmarks; MediaPipe Pose's ${LANDMARKS} are expected.`);
    }
    for (let j = 0; j < LANDMARKS; j++) {
      const landmark: unknown = pose[j];
      const xyz = isRecord(landmark) ? [landmark.x, landmark.y, landmark.z].map(finiteNumber) : [];
      const [x, y, z] = xyz;
      if (!isRecord(landmark) || x === undefined || y === undefined || z === undefined) {
        return importFailure(`${where}: ${MEDIAPIPE_LANDMARKS[j] ?? ''} has no numeric x, y and z (metres).`);
      }
      const seen = Math.min(finiteNumber(landmark.visibility) ?? 1, finiteNumber(landmark.presence) ?? 1);
      if (seen < VISIBILITY_THRESHOLD) positions.push(Number.NaN, Number.NaN, Number.NaN);
      else positions.push(-x, -y, z + CAMERA_DISTANCE_M);
    }
    times.push(time / 1000);
  }
  const source = Float32Array.from(positions);
  addFootLockedTranslation(source, times.length, LANDMARKS, CONTACT_POINTS);
  const warnings = [
    "Walking speed and step lengths from video are estimated from the feet (world landmarks do not carry the walker's travel).",
  ];
  if (dropped > 0) warnings.push(`${dropped} of ${frames.length} frames have no pose and were left out.`);
  const result = toImportedRecording(
    'mediapipePose',
    { names: MEDIAPIPE_LANDMARKS, times: Float64Array.from(times), positions: source },
    MEDIAPIPE_MAPPING,
    MEDIAPIPE_BONES,
    warnings,
  );
  return standUpright(result, MEDIAPIPE_AXES);
}

/** The landmarks of the first pose: a list of 33 landmarks, or a list of poses; undefined when there is none. */
function firstPose(value: unknown): unknown[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return Array.isArray(value[0]) ? (value[0].length === 0 ? undefined : (value[0] as unknown[])) : value;
}
