import { GAIT_CUTOFF_HZ, filterPadding, lowPassZeroLag } from '../gait/zeroLagFilter.ts';
import { LANDMARK_COUNT, VALUES_PER_LANDMARK } from './poseKeypoints.ts';

export const KEYPOINT_FILTER =
  'keypoints low-pass filtered: zero-lag 4th-order Butterworth (2nd order forward and backward), 6 Hz cut-off';

/**
 * Filters the x and y of every landmark over n frames in place: a zero-lag 4th-order Butterworth at 6 Hz, the gait
 * engine's own filter (Winter 2009). Filtering the image keypoints before events matters for video: the far foot's
 * landmarks jitter by several pixels from frame to frame, which moves its heel strikes by frames.
 */
export function filterKeypoints(values: Float32Array, n: number, frameRateHz: number): void {
  const signal = new Float64Array(n);
  const scratch = new Float64Array(n + 2 * filterPadding(frameRateHz, GAIT_CUTOFF_HZ));
  for (let j = 0; j < LANDMARK_COUNT; j++) {
    for (let axis = 0; axis < 2; axis++) {
      const at = (f: number) => f * LANDMARK_COUNT * VALUES_PER_LANDMARK + j * VALUES_PER_LANDMARK + axis;
      for (let f = 0; f < n; f++) signal[f] = values[at(f)] ?? 0;
      lowPassZeroLag(signal, signal, n, frameRateHz, GAIT_CUTOFF_HZ, scratch);
      for (let f = 0; f < n; f++) values[at(f)] = signal[f] ?? 0;
    }
  }
}
