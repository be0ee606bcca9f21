import { toMetricsFile } from '../gait/metricsFile.ts';
import type { EngineMetricsFile } from '../gait/metricsFileSchema.ts';
import { SIDE_VIEW_NOT_MEASURED } from '../gait/sideView.ts';
import type { VideoGait } from './videoGait.ts';

/** The metrics file of a video's walk: the engine's, with where it came from and why step width is null. */
export function videoMetricsFile(gait: VideoGait, generatedAt: Date, sourceFile?: string): EngineMetricsFile {
  return toMetricsFile(gait.analysis, {
    generatedAt,
    sourceFile,
    recordingWarnings: gait.warnings,
    provenance: gait.provenance,
    notMeasured: SIDE_VIEW_NOT_MEASURED,
  });
}
