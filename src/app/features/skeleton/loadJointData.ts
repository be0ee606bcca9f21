import { HTTPError, TimeoutError } from 'ky';
import type { UserType } from '#shared/auth/userTypes';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { api } from '#app/lib/api';
import { benchProbe } from './benchProbe.ts';
import { JOINT_DATA_TIMEOUT_MS, type LoadFailure } from './loadFailure.ts';
import { parseInWorker } from './parseInWorker.ts';
import type { SkeletonRecording } from './skeletonRecording.ts';

export type LoadProgress = { phase: 'downloading'; fraction: number | null } | { phase: 'reading' };

export type LoadResult = { ok: true; recording: SkeletonRecording } | { ok: false; failure: LoadFailure };

/**
 * The download URL carries no token (the api client sends it as a bearer header), so a service worker can cache the
 * file under this stable URL for offline playback (docs/design.md Data flow 6).
 */
export const jointDataUrl = (sessionId: string, subSessionId: string, userType: UserType): string =>
  `${sessionFilePath(sessionId, subSessionId, 'jointData')}?UserType=${userType}`;

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
  if (benchProbe.enabled && prepared.ok) noteTimings(readingFrom, prepared.parseMs, prepared.analysisMs);
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
