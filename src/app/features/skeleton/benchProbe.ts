/**
 * Per-frame timings for tests/bench/skeletonPlayback.ts. Off in the product: the scene checks one boolean per frame.
 * Samples go into a preallocated array so that measuring does not allocate either.
 */
import type { PlaybackStore } from './playbackStore.ts';

const CAPACITY = 100_000;

export const benchProbe = {
  enabled: false,
  /** performance.now() when the viewer began loading, and when the first frame of a loaded walk was drawn. */
  loadStartedAt: 0,
  firstFrameAt: 0,
  frameStartedAt: 0,
  updateEndedAt: 0,
  /** Milliseconds per frame: tick + pose interpolation + buffer updates, and the same plus the render call. */
  updateMs: new Float64Array(CAPACITY),
  frameMs: new Float64Array(CAPACITY),
  count: 0,
  /** Multiplies the wall-clock time a tick advances, so a 10-minute walk plays through in seconds. */
  timeScale: 1,
  /** The open viewer's player, and the worker's timings of the last file read (milliseconds). */
  store: null as PlaybackStore | null,
  parseMs: 0,
  analysisMs: 0,
  workerMs: 0,
  downloadMs: 0,
};

export function recordFrame(updateMs: number, frameMs: number): void {
  if (benchProbe.count >= CAPACITY) return;
  benchProbe.updateMs[benchProbe.count] = updateMs;
  benchProbe.frameMs[benchProbe.count] = frameMs;
  benchProbe.count++;
}
