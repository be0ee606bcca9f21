/** BlazePose's 33 landmarks, in the MediaPipe Pose layout (formats/mediapipeSkeleton.ts). */
export const LANDMARK_COUNT = 33;
/** x, y in pixels of the frame (y down), and the landmark's visibility (0–1) from the model. */
export const VALUES_PER_LANDMARK = 3;

/**
 * What pose estimation saw in a video: the frame size, each frame's time in milliseconds from the start of the
 * video, and per frame the 33 landmarks as x, y (pixels, image axes: x right, y down) and visibility at
 * (frame × 33 + landmark) × 3; NaN for all three in a frame where no body was found.
 */
export type VideoKeypoints = {
  model: string;
  width: number;
  height: number;
  timesMs: Float64Array;
  values: Float32Array;
};
