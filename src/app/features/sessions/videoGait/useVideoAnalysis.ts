import { useRef, useState } from 'react';
import { videoGait, type VideoGait } from '#shared/pose/videoGait';
import { scaleChoiceFor, type ScaleInput } from '#shared/pose/scaleInput';
import { poseFromVideo, type PoseProgress } from './poseFromVideo.ts';

export type VideoAnalysis =
  | { phase: 'idle' }
  | { phase: 'running'; progress: PoseProgress | undefined }
  | { phase: 'done'; gait: VideoGait; progress: PoseProgress | undefined }
  | { phase: 'failed'; error: string };

/** Pose on the device, then the shared pipeline (src/shared/pose/videoGait.ts); cancel stops the worker at once. */
export function useVideoAnalysis() {
  const [state, setState] = useState<VideoAnalysis>({ phase: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);

  const start = async (video: Blob, frameRateHz: number, scale: ScaleInput) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', progress: undefined });
    let last: PoseProgress | undefined;
    try {
      const keypoints = await poseFromVideo(video, frameRateHz, abort.signal, (progress) => {
        last = progress;
        setState({ phase: 'running', progress });
      });
      const result = videoGait(keypoints, scaleChoiceFor(scale, keypoints.width, keypoints.height));
      setState(
        result.ok ? { phase: 'done', gait: result.gait, progress: last } : { phase: 'failed', error: result.error },
      );
    } catch (failure) {
      if (abort.signal.aborted) return setState({ phase: 'idle' });
      setState({ phase: 'failed', error: failure instanceof Error ? failure.message : String(failure) });
    }
  };
  const cancel = () => {
    controller.current?.abort();
    setState({ phase: 'idle' });
  };
  return { state, start, cancel };
}
