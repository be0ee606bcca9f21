import { benchProbe, startRecordingFrames } from './skeletonProbe.ts';

export type SkeletonLoadReport = {
  downloadMs: number;
  workerMs: number;
  waitMs: number;
  returnMs: number;
  parseMs: number;
  analysisMs: number;
  /** Not reported by builds older than the reading of a file as it downloads. */
  scannedWhileDownloadingMs?: number;
  pieces?: number;
  messages?: number;
  eventsFrom: 'stored' | 'engine';
  firstFrameMs: number;
};
export type SkeletonPlayReport = {
  frames: number;
  wallMs: number;
  updateMs: number[];
  renderedMs: number[];
  intervalMs: number[];
};
export type SkeletonBaselineReport = { jsonParseMs: number; emptyIntervalMs: number[] };

/** More frames than a full playback of a 10-minute walk draws at the bench's speed-up. */
const FRAME_CAPACITY = 100_000;

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** rAF-to-rAF intervals until stop() says so: the frame pacing a user sees. */
async function intervals(stop: () => boolean): Promise<number[]> {
  const out: number[] = [];
  let last = await nextFrame();
  while (!stop()) {
    const now = await nextFrame();
    out.push(now - last);
    last = now;
  }
  return out;
}

async function loaded(): Promise<SkeletonLoadReport> {
  while (benchProbe.firstFrameAt === 0 || benchProbe.store?.getState().status !== 'ready') await wait(20);
  const { downloadMs, workerMs, waitMs, returnMs, parseMs, analysisMs, scannedWhileDownloadingMs, eventsFrom } =
    benchProbe;
  const { pieces, messages } = benchProbe;
  return {
    downloadMs,
    workerMs,
    waitMs,
    returnMs,
    parseMs,
    analysisMs,
    scannedWhileDownloadingMs,
    pieces,
    messages,
    eventsFrom,
    firstFrameMs: benchProbe.firstFrameAt - benchProbe.loadStartedAt,
  };
}

/** Plays the loaded walk from start to end, `timeScale` times faster than real time, timing every frame. */
async function playThrough(timeScale: number): Promise<SkeletonPlayReport> {
  const store = benchProbe.store;
  if (!store) throw new Error('no walk loaded');
  startRecordingFrames(FRAME_CAPACITY);
  benchProbe.timeScale = timeScale;
  const started = performance.now();
  store.dispatch({ type: 'speed', speed: 2 });
  store.dispatch({ type: 'play' });
  const intervalMs = await intervals(() => store.getState().status === 'ended');
  const wallMs = performance.now() - started;
  benchProbe.timeScale = 1;
  const count = benchProbe.count;
  return {
    frames: count,
    wallMs,
    updateMs: Array.from(benchProbe.updateMs.subarray(0, count)),
    renderedMs: Array.from(benchProbe.frameMs.subarray(0, count)),
    intervalMs,
  };
}

/** Same page, same run: a bare JSON.parse of the same text, and an empty requestAnimationFrame loop. */
async function baseline(url: string, frames: number): Promise<SkeletonBaselineReport> {
  const text = await (await fetch(url)).text();
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    JSON.parse(text);
    runs.push(performance.now() - start);
  }
  let seen = 0;
  const emptyIntervalMs = await intervals(() => ++seen > frames);
  return { jsonParseMs: runs.sort((a, b) => a - b)[1] ?? 0, emptyIntervalMs };
}

declare global {
  // Augmenting the global Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __skeletonBench?: {
      loaded: () => Promise<SkeletonLoadReport>;
      playThrough: (timeScale: number) => Promise<SkeletonPlayReport>;
      baseline: (url: string, frames: number) => Promise<SkeletonBaselineReport>;
    };
  }
}

/** Installed by the bench build's skeleton viewer (SkeletonViewer.tsx); the product build has none of it. */
export function installSkeletonBench(): void {
  window.__skeletonBench = { loaded, playThrough, baseline };
}
