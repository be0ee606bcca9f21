/**
 * Per-frame timings for tests/bench/skeletonPlayback.ts, written by the skeleton viewer of the bench build only:
 * every write sits behind import.meta.env.BENCH_BUILD, so the product build drops this module. Samples go into
 * arrays allocated before a playback starts, so that measuring does not allocate during it.
 */
import type { PlaybackStore } from '#app/features/skeleton/playbackStore';

export const benchProbe = {
  /** performance.now() when the viewer began loading, and when the first frame of a loaded walk was drawn. */
  loadStartedAt: 0,
  firstFrameAt: 0,
  frameStartedAt: 0,
  updateEndedAt: 0,
  /** Milliseconds per frame: tick + pose interpolation + buffer updates, and the same plus the render call. */
  updateMs: new Float64Array(0),
  frameMs: new Float64Array(0),
  count: 0,
  /** Multiplies the wall-clock time a tick advances, so a 10-minute walk plays through in seconds. */
  timeScale: 1,
  /** The open viewer's player, and the worker's timings of the last file read (milliseconds). */
  store: null as PlaybackStore | null,
  parseMs: 0,
  analysisMs: 0,
  /** The worker's scanning of the file's pieces as they downloaded, before the last came (not in parseMs). */
  scannedWhileDownloadingMs: 0,
  /** How many pieces the file's body came in, and how many messages took them to the worker. */
  pieces: 0,
  messages: 0,
  /** Whether the last file's events came from the stored metrics file or from the engine run in the worker. */
  eventsFrom: 'engine' as 'stored' | 'engine',
  workerMs: 0,
  /** From the hand-over to the worker's start on the file (a worker still loading or warming up), and from its end
   * to the recording on the page (transfer and the page's own work). */
  waitMs: 0,
  returnMs: 0,
  downloadMs: 0,
};

/** Makes room for `capacity` frames and forgets the previous ones. */
export function startRecordingFrames(capacity: number): void {
  benchProbe.updateMs = new Float64Array(capacity);
  benchProbe.frameMs = new Float64Array(capacity);
  benchProbe.count = 0;
}

export function recordFrame(updateMs: number, frameMs: number): void {
  if (benchProbe.count >= benchProbe.updateMs.length) return;
  benchProbe.updateMs[benchProbe.count] = updateMs;
  benchProbe.frameMs[benchProbe.count] = frameMs;
  benchProbe.count++;
}
