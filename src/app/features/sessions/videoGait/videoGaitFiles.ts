import { serializeJointData } from '#shared/gait/jointDataFile';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import type { VideoGait } from '#shared/pose/videoGait';
import { videoMetricsFile } from '#shared/pose/videoMetricsFile';

/**
 * What a video's analysis adds to a session, through the same upload path as picked files: the video (MP4 only:
 * the portal stores no other video), the joint data and the metrics file with the video's provenance.
 */
export type VideoGaitFile = { type: SessionFileType; file: File };

export function videoGaitFiles(gait: VideoGait, video: File | undefined, now: Date): VideoGaitFile[] {
  const base = video?.name.replace(/\.[^.]*$/, '') ?? `walk-${now.toISOString().slice(0, 10)}`;
  const metrics = videoMetricsFile(gait, now, video?.name);
  const json = (text: string, name: string) => new File([text], name, { type: 'application/json' });
  return [
    ...(video === undefined ? [] : [{ type: 'Video File' as const, file: video }]),
    { type: 'Joint Data File', file: json(serializeJointData(gait.recording), `${base}-joint-data.json`) },
    { type: 'Gait Metrics File', file: json(JSON.stringify(metrics), `${base}-gait-metrics.json`) },
  ];
}
