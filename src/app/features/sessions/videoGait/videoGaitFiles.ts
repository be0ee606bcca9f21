import { serializeJointData } from '#shared/gait/jointDataFile';
import type { VideoGait } from '#shared/pose/videoGait';
import { videoMetricsFile } from '#shared/pose/videoMetricsFile';

/**
 * What a video's analysis adds to a session, through the same upload path as picked files: the video (MP4 only:
 * the portal stores no other video), the joint data and the metrics file with the video's provenance.
 */
export function videoGaitFiles(gait: VideoGait, video: File | undefined, now: Date): File[] {
  const base = video?.name.replace(/\.[^.]*$/, '') ?? `walk-${now.toISOString().slice(0, 10)}`;
  const metrics = videoMetricsFile(gait, now, video?.name);
  return [
    ...(video === undefined ? [] : [video]),
    new File([serializeJointData(gait.recording)], `${base}-joint-data.json`, { type: 'application/json' }),
    new File([JSON.stringify(metrics)], `${base}-gait-metrics.json`, { type: 'application/json' }),
  ];
}
