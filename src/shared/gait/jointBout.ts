/** One walking bout, held in typed arrays so that an 18,000-frame recording costs no per-frame objects. */
export type JointBout = {
  /** Seconds since the start of the recording (Timestamp / 1000), strictly increasing. */
  times: Float64Array;
  /** Metres: frame f, joint j, axis a (0 x, 1 y, 2 z) at f * 60 + j * 3 + a. Untracked joints are (0, 0, 0). */
  positions: Float32Array;
  /**
   * The heel markers where the source had them (a C3D trial's LHEE, RHEE): frame f, side s (0 left, 1 right), axis
   * a at f * 6 + s * 3 + a, in the same space; (0, 0, 0) where not seen. Absent for Kinect files (no heel joint).
   */
  heels?: Float32Array;
};
