import { HTTPError, TimeoutError } from 'ky';
import type { UserType } from '#shared/auth/userTypes';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { api } from '#app/lib/api';
import { benchProbe } from '#bench/skeletonProbe';
import { JOINT_DATA_TIMEOUT_MS, type LoadFailure } from './loadFailure.ts';
import { parseInWorker } from './parseInWorker.ts';
import type { SkeletonRecording } from './skeletonRecording.ts';

export type LoadProgress = { phase: 'downloading'; fraction: number | null } | { phase: 'reading' };

export type LoadResult = { ok: true; recording: SkeletonRecording } | { ok: false; failure: LoadFailure };

/**
 * The download URL carries no token (the api client sends it as a bearer header), so a service worker can cache the
 * file under this stable URL for offline playback (docs/design.md Data flow 6).
 */
export const jointDataUrl = (
  sessionId: string,
  subSessionId: string,
  userType: UserType,
  kind: 'jointData' | 'originalRecording' = 'jointData',
): string => `${sessionFilePath(sessionId, subSessionId, kind)}?UserType=${userType}`;

/**
 * The file to draw: the original recording when the session keeps one (C3D, Azure Kinect, …: the viewer converts it
 * as the server did and draws the skeleton the file has), else the joint data file. The joint data file is also the
 * fallback when the original cannot be had (offline, where only the joint data file is kept).
 */
export function recordingUrls(sessionId: string, subSessionId: string, userType: UserType, hasOriginal: boolean) {
  const jointData = jointDataUrl(sessionId, subSessionId, userType);
  return hasOriginal
    ? { url: jointDataUrl(sessionId, subSessionId, userType, 'originalRecording'), fallbackUrl: jointData }
    : { url: jointData, fallbackUrl: undefined };
}

/** Loads the first of the files that can be downloaded and read; a failure of the last is the answer. */
export async function loadRecording(
  urls: readonly string[],
  onProgress: (progress: LoadProgress) => void,
  signal: AbortSignal,
): Promise<LoadResult> {
  let result: LoadResult = { ok: false, failure: { kind: 'network' } };
  for (const url of urls) {
    result = await loadJointData(url, onProgress, signal);
    if (result.ok) return result;
  }
  return result;
}

export async function loadJointData(
  url: string,
  onProgress: (progress: LoadProgress) => void,
  signal: AbortSignal,
): Promise<LoadResult> {
  let bytes: ArrayBuffer;
  try {
    bytes = await api
      .get(url, {
        signal,
        timeout: JOINT_DATA_TIMEOUT_MS,
        // Without Content-Length the total is 0: the bar then shows activity, not a made-up percentage.
        onDownloadProgress: ({ percent, totalBytes }) =>
          onProgress({ phase: 'downloading', fraction: totalBytes > 0 ? percent : null }),
      })
      .arrayBuffer();
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, failure: downloadFailure(error) };
  }
  onProgress({ phase: 'reading' });
  const readingFrom = performance.now();
  const prepared = await parseInWorker(bytes, signal);
  if (import.meta.env.BENCH_BUILD && prepared.ok) noteTimings(readingFrom, prepared.parseMs, prepared.analysisMs);
  return prepared.ok
    ? { ok: true, recording: prepared.recording }
    : { ok: false, failure: { kind: 'file', error: prepared.error } };
}

function noteTimings(readingFrom: number, parseMs: number, analysisMs: number) {
  benchProbe.downloadMs = readingFrom - benchProbe.loadStartedAt;
  benchProbe.workerMs = performance.now() - readingFrom;
  benchProbe.parseMs = parseMs;
  benchProbe.analysisMs = analysisMs;
}

function downloadFailure(error: unknown): LoadFailure {
  if (error instanceof HTTPError) return { kind: 'http', status: error.response.status };
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  return { kind: 'network' };
}
