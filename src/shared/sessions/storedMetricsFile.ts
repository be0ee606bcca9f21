import type { GaitAnalysis } from '../gait/gaitResult.ts';
import { toMetricsFile } from '../gait/metricsFile.ts';
import {
  METRICS_FORMAT,
  METRICS_FORMAT_VERSION,
  clinicWalkMetricsSchema,
  type ClinicMetricsFile,
} from '../gait/metricsFileSchema.ts';
import type { ClinicMetric, ClinicMetricName } from './clinicMetrics.ts';
import { SESSION_FILE_FORMATS } from './sessionFiles.ts';

/**
 * The text of the stored gait metrics file (MainStorageFormat_SessionMetrics.json, docs/gait-metrics.md) for the
 * engine's answer, with the warnings the recording's import gave; undefined when the walk could not be analysed,
 * since a sub-session's GaitMetrics flag promises metrics to show.
 */
export function engineMetricsFileText(
  analysis: GaitAnalysis,
  generatedAt: Date,
  recordingWarnings: readonly string[] = [],
): string | undefined {
  if (analysis.status !== 'ok') return undefined;
  const meta = { generatedAt, sourceFile: SESSION_FILE_FORMATS.jointData, recordingWarnings };
  return JSON.stringify(toMetricsFile(analysis, meta));
}

/** The clinic-format names as the stored file's fields, which carry their units. */
const FIELDS = {
  Speed: 'Speed_m_per_s',
  Cadence: 'Cadence_steps_per_min',
  Distance: 'Distance_m',
  Duration: 'Duration_s',
  StepLength: 'StepLength_m',
  StrideTime: 'StrideTime_s',
  StepCount: 'StepCount',
  CycleCount: 'CycleCount',
  StancePercent: 'StancePercent',
  SwingPercent: 'SwingPercent',
  DoubleSupportPercent: 'DoubleSupportPercent',
  SingleSupportPercent: 'SingleSupportPercent',
} as const satisfies Record<ClinicMetricName, string>;

/**
 * A clinic-format GaitMetrics file's metrics as the stored gait metrics file (`Source: "clinic"`). The clinic
 * parser has already required the session's report metrics, so the missing ones are only the optional fields.
 */
export function clinicMetricsFileText(metrics: readonly ClinicMetric[], generatedAt: Date): string {
  const values = (side: ClinicMetric['side']) =>
    Object.fromEntries(metrics.filter((m) => m.side === side).map((m) => [FIELDS[m.name], m.value]));
  // The clinic parser has checked every value; parsing here gives the record its type without a cast.
  const session = clinicWalkMetricsSchema.parse({ ...values('session'), Left: values('left'), Right: values('right') });
  const file: ClinicMetricsFile = {
    Format: METRICS_FORMAT,
    FormatVersion: METRICS_FORMAT_VERSION,
    Source: 'clinic',
    GeneratedAt: generatedAt.toISOString(),
    SourceFile: SESSION_FILE_FORMATS.clinicFormat,
    Status: 'ok',
    Session: session,
    Bouts: [],
  };
  return JSON.stringify(file);
}
