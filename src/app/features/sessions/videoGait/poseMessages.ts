/** What the page asks the pose worker (poseWorker.ts): load the models, then one decoded frame at a time. */
export type PoseRequest =
  { type: 'start' } | { type: 'frame'; index: number; rgb: Uint8Array; width: number; height: number };

/** The worker's answers: the backend it runs on, each frame's 33 landmarks (x, y, visibility) or null, a failure. */
export type PoseReply =
  | { type: 'ready'; backend: string }
  | { type: 'landmarks'; index: number; points: Float32Array | null }
  | { type: 'failed'; error: string };
