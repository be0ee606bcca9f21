import { HTTPError, TimeoutError } from 'ky';
import type { UserType } from '#shared/auth/userTypes';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { api } from '#app/lib/api';
import { benchProbe } from '#bench/skeletonProbe';
import { JOINT_DATA_TIMEOUT_MS, type LoadFailure } from './loadFailure.ts';
import { readInWorker, type WorkerReading } from './parseInWorker.ts';
import { startJointDataWorker } from './workerAhead.ts';
import type { PreparedRecording, SkeletonRecording } from './skeletonRecording.ts';

export type LoadProgress = { phase: 'downloading'; fraction: number | null } | { phase: 'reading' };

export type LoadResult = { ok: true; recording: SkeletonRecording } | { ok: false; failure: LoadFailure };

/**
 * The download URL carries no token (the api client sends it as a bearer header), so a service worker can cache the
 * file under this stable URL for offline playback (docs/design.md Data flow 6).
 */
const jointDataUrl = (
  sessionId: string,
  subSessionId: string,
  userType: UserType,
  kind: 'jointData' | 'originalRecording' | 'gaitMetrics' = 'jointData',
): string => `${sessionFilePath(sessionId, subSessionId, kind)}?UserType=${userType}`;

/**
 * The file to draw: the original recording when the session keeps one (C3D, Azure Kinect, …: the viewer converts it
 * as the server did and draws the skeleton the file has), else the joint data file. The joint data file is also the
 * fallback when the original cannot be had (offline, where only the joint data file is kept). `metricsUrl` is the
 * gait metrics file the server stored from the joint data at upload, whose events the viewer draws.
 */
export function recordingUrls(sessionId: string, subSessionId: string, userType: UserType, hasOriginal: boolean) {
  const jointData = jointDataUrl(sessionId, subSessionId, userType);
  const metricsUrl = jointDataUrl(sessionId, subSessionId, userType, 'gaitMetrics');
  return hasOriginal
    ? { url: jointDataUrl(sessionId, subSessionId, userType, 'originalRecording'), fallbackUrl: jointData, metricsUrl }
    : { url: jointData, fallbackUrl: undefined, metricsUrl };
}

/**
 * The stored gait metrics file's bytes, or null when there is none or it cannot be had (offline and not kept): the
 * worker then finds the events itself, so this never fails the load.
 */
async function loadMetricsFile(url: string, signal: AbortSignal): Promise<ArrayBuffer | null> {
  try {
    return await api.get(url, { signal, timeout: JOINT_DATA_TIMEOUT_MS, retry: 0 }).arrayBuffer();
  } catch {
    return null;
  }
}

/**
 * Loads the first of the files that can be downloaded and read, with the stored metrics file fetched beside it; a
 * failure of the last is the answer.
 */
export async function loadRecording(
  urls: readonly string[],
  metricsUrl: string,
  onProgress: (progress: LoadProgress) => void,
  signal: AbortSignal,
): Promise<LoadResult> {
  // The worker gets ready (code loaded and warmed up) while the files download.
  startJointDataWorker(signal);
  const metrics = loadMetricsFile(metricsUrl, signal);
  let result: LoadResult = { ok: false, failure: { kind: 'network' } };
  for (const url of urls) {
    result = await loadJointData(url, metrics, onProgress, signal);
    if (result.ok) return result;
  }
  return result;
}

async function loadJointData(
  url: string,
  metricsFile: Promise<ArrayBuffer | null>,
  onProgress: (progress: LoadProgress) => void,
  signal: AbortSignal,
): Promise<LoadResult> {
  let reading: WorkerReading | undefined;
  try {
    const response = await api.get(url, { signal, timeout: JOINT_DATA_TIMEOUT_MS });
    // Without Content-Length the total is 0: the bar then shows activity, not a made-up percentage.
    const expectedLength = Number(response.headers.get('content-length')) || 0;
    reading = readInWorker(expectedLength, signal);
    await handOver(response, reading, (received) =>
      onProgress({
        phase: 'downloading',
        fraction: expectedLength > 0 ? Math.min(1, received / expectedLength) : null,
      }),
    );
  } catch (error) {
    reading?.cancel();
    if (signal.aborted) throw error;
    return { ok: false, failure: downloadFailure(error) };
  }
  onProgress({ phase: 'reading' });
  const readingFrom = performance.now();
  // A copy each time: the worker takes the bytes it is given, and a fallback file may need them again.
  const metrics = await metricsFile;
  const prepared = await reading.finish(metrics === null ? null : metrics.slice(0));
  if (import.meta.env.BENCH_BUILD && prepared.ok) noteTimings(readingFrom, prepared);
  return prepared.ok
    ? { ok: true, recording: prepared.recording }
    : { ok: false, failure: { kind: 'file', error: prepared.error } };
}

/** Each piece of the body to the worker as it arrives, so that the worker reads the file while it downloads. */
async function handOver(
  response: Response,
  reading: WorkerReading,
  onReceived: (bytes: number) => void,
): Promise<void> {
  if (response.body === null) return;
  const reader = response.body.getReader();
  let received = 0;
  if (import.meta.env.BENCH_BUILD) benchProbe.pieces = benchProbe.messages = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    if (import.meta.env.BENCH_BUILD) benchProbe.pieces++;
    reading.add(value);
    onReceived(received);
  }
}

function noteTimings(readingFrom: number, prepared: Extract<PreparedRecording, { ok: true }>) {
  benchProbe.downloadMs = readingFrom - benchProbe.loadStartedAt;
  const now = performance.now();
  benchProbe.workerMs = now - readingFrom;
  benchProbe.waitMs = prepared.startedAt - (performance.timeOrigin + readingFrom);
  benchProbe.returnMs = performance.timeOrigin + now - prepared.finishedAt;
  benchProbe.parseMs = prepared.parseMs;
  benchProbe.analysisMs = prepared.analysisMs;
  benchProbe.scannedWhileDownloadingMs = prepared.scannedWhileDownloadingMs;
  benchProbe.eventsFrom = prepared.eventsFrom;
}

function downloadFailure(error: unknown): LoadFailure {
  if (error instanceof HTTPError) return { kind: 'http', status: error.response.status };
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  return { kind: 'network' };
}
