import { useEffect, useState } from 'react';
import { benchProbe } from './benchProbe.ts';
import { loadJointData, type LoadProgress } from './loadJointData.ts';
import { canRetry, loadFailureMessage } from './loadFailure.ts';
import type { SkeletonRecording } from './skeletonRecording.ts';

export type RecordingState =
  | { phase: 'loading'; progress: LoadProgress }
  | { phase: 'ready'; recording: SkeletonRecording }
  | { phase: 'failed'; message: string; canRetry: boolean };

const STARTING: RecordingState = { phase: 'loading', progress: { phase: 'downloading', fraction: null } };

/** Downloads and prepares one joint data file; `retry` starts over after a network failure. */
export function useSkeletonRecording(url: string): { state: RecordingState; retry: () => void } {
  const [state, setState] = useState<RecordingState>(STARTING);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState(STARTING);
    if (benchProbe.enabled) {
      benchProbe.loadStartedAt = performance.now();
      benchProbe.firstFrameAt = 0;
    }
    loadJointData(url, (progress) => setState({ phase: 'loading', progress }), controller.signal).then(
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
  }, [url, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
