import { useEffect, useState } from 'react';
import { benchProbe } from '#bench/skeletonProbe';
import { loadRecording, type LoadProgress } from './loadJointData.ts';
import { canRetry, loadFailureMessage } from './loadFailure.ts';
import type { SkeletonRecording } from './skeletonRecording.ts';

export type RecordingState =
  | { phase: 'loading'; progress: LoadProgress }
  | { phase: 'ready'; recording: SkeletonRecording }
  | { phase: 'failed'; message: string; canRetry: boolean };

const STARTING: RecordingState = { phase: 'loading', progress: { phase: 'downloading', fraction: null } };

/**
 * Downloads and prepares one recording (the fallback file when the first cannot be had); `retry` starts over after a
 * network failure.
 */
export function useSkeletonRecording(
  url: string,
  fallbackUrl: string | undefined,
  metricsUrl: string,
): { state: RecordingState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // Each state belongs to one load (file and attempt); a new load starts from STARTING without a reset render.
  const load = `${String(attempt)} ${url} ${fallbackUrl ?? ''}`;
  const [latest, setLatest] = useState<{ load: string; state: RecordingState }>({ load, state: STARTING });

  useEffect(() => {
    const controller = new AbortController();
    const setState = (state: RecordingState) => setLatest({ load, state });
    if (import.meta.env.BENCH_BUILD) {
      benchProbe.loadStartedAt = performance.now();
      benchProbe.firstFrameAt = 0;
    }
    const urls = fallbackUrl === undefined ? [url] : [url, fallbackUrl];
    loadRecording(urls, metricsUrl, (progress) => setState({ phase: 'loading', progress }), controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.ok) setState({ phase: 'ready', recording: result.recording });
        else
          setState({
            phase: 'failed',
            message: loadFailureMessage(result.failure),
            canRetry: canRetry(result.failure),
          });
      },
      () => {
        // Aborted because the viewer closed or moved to another file: nothing to show.
      },
    );
    return () => controller.abort();
  }, [url, fallbackUrl, metricsUrl, load]);

  return { state: latest.load === load ? latest.state : STARTING, retry: () => setAttempt((n) => n + 1) };
}
