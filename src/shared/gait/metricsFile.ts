import type { AngleCurve } from './cycleCurves.ts';
import {
  SYMMETRY_MEASURES,
  type BoutAnalysis,
  type FootEvents,
  type FootMetrics,
  type GaitAnalysis,
  type GaitMetrics,
  type SideMetrics,
} from './gaitResult.ts';
import {
  SYMMETRY_FIELDS,
  METRICS_FORMAT,
  METRICS_FORMAT_VERSION,
  clinicMetricsFileSchema,
  engineMetricsFileSchema,
  type BoutMetricsRecord,
  type AngleCurveRecord,
  type EngineMetricsFile,
  type FootMetricsRecord,
  type MetricsFile,
  type SideMetricsRecord,
  type WalkMetricsRecord,
} from './metricsFileSchema.ts';
import { plateEventRecord } from './metricsPlateEvents.ts';

/** What a file of a trial with force plates says of where its events come from (docs/gait-metrics.md). */
const PLATE_EVENT_SOURCES =
  "Heel strikes and toe offs come from the markers' motion, except where a force plate saw the foot: each of PlateEvents took the place of the kinematic event at ReplacedKinematic_s in Events and in every temporal measure of its cycles.";

/**
 * Where the metrics came from, recorded in the file, and what its import found about the recording as a whole (the
 * file's Warnings, beside each bout's own).
 */
export type MetricsFileMeta = {
  generatedAt: Date;
  sessionId?: string;
  subSessionId?: string;
  sourceFile?: string;
  recordingWarnings?: readonly string[];
  /** Where the joint data came from when the engine cannot tell ("video, BlazePose full, side view, …"). */
  provenance?: string;
  /** Why measures the recording cannot give are null (a side view has no step width). */
  notMeasured?: string;
};
export type MetricsFileReadResult = { ok: true; file: MetricsFile } | { ok: false; error: string };

/** Four decimals: a tenth of a millimetre, a tenth of a millisecond, a ten-thousandth of a percent. */
const round = (value: number) => {
  const rounded = Math.round(value * 10_000) / 10_000;
  return rounded === 0 ? 0 : rounded;
};
const roundOrNull = (value: number | null) => (value === null ? null : round(value));
/** Angles to a hundredth of a degree: far below what a camera can tell. */
const round2 = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
};

/** The stored form of an engine result, ready for JSON.stringify. */
export function toMetricsFile(result: GaitAnalysis, meta: MetricsFileMeta): EngineMetricsFile {
  return {
    Format: METRICS_FORMAT,
    FormatVersion: METRICS_FORMAT_VERSION,
    EngineVersion: result.engineVersion,
    Method: result.method,
    GeneratedAt: meta.generatedAt.toISOString(),
    ...(meta.sessionId === undefined ? {} : { SessionID: meta.sessionId }),
    ...(meta.subSessionId === undefined ? {} : { SubSessionID: meta.subSessionId }),
    ...(meta.sourceFile === undefined ? {} : { SourceFile: meta.sourceFile }),
    Status: result.status,
    ...(result.status === 'insufficient-data' ? { Reason: result.reason } : {}),
    Session: result.status === 'ok' ? walkRecord(result.session) : null,
    Bouts: result.bouts.map(boutRecord),
    ...(result.plateEvents === undefined
      ? {}
      : { EventSources: PLATE_EVENT_SOURCES, PlateEvents: result.plateEvents.map(plateEventRecord) }),
    ...(meta.recordingWarnings?.length ? { Warnings: [...meta.recordingWarnings] } : {}),
    ...(meta.provenance === undefined ? {} : { Provenance: meta.provenance }),
    ...(meta.notMeasured === undefined ? {} : { NotMeasured: meta.notMeasured }),
  };
}

function boutRecord(bout: BoutAnalysis): BoutMetricsRecord {
  if (bout.status === 'insufficient-data') return { Bout: bout.bout, Status: bout.status, Reason: bout.reason };
  const events = (e: FootEvents) => ({ HeelStrikes_s: e.heelStrikes.map(round), ToeOffs_s: e.toeOffs.map(round) });
  return {
    Bout: bout.bout,
    Status: 'ok',
    Metrics: walkRecord(bout.metrics),
    Events: { Left: events(bout.events.left), Right: events(bout.events.right) },
    Warnings: bout.warnings,
  };
}

function walkRecord(m: GaitMetrics): WalkMetricsRecord {
  return {
    ...sideRecord(m),
    Speed_m_per_s: round(m.speed),
    Cadence_steps_per_min: round(m.cadence),
    Distance_m: round(m.distance),
    Duration_s: round(m.duration),
    Left: footRecord(m.left),
    Right: footRecord(m.right),
    Symmetry_percent: Object.fromEntries(
      SYMMETRY_MEASURES.map((measure) => [SYMMETRY_FIELDS[measure], roundOrNull(m.symmetry[measure])]),
    ),
    SpeedPerHeight_per_s: roundOrNull(m.speedPerHeight),
  };
}

function curveRecord(curve: AngleCurve | null): AngleCurveRecord | null {
  if (curve === null) return null;
  return {
    Mean_deg: curve.mean.map(round2),
    SD_deg: curve.sd.map(round2),
    RangeOfMotion_deg: round2(curve.rangeOfMotion),
    Cycles: curve.cycles,
  };
}

function sideRecord(m: SideMetrics): SideMetricsRecord {
  return {
    ...footRecord(m),
    StrideTime_s: round(m.strideTime),
    StancePercent: round(m.stancePercent),
    SwingPercent: round(m.swingPercent),
    DoubleSupportPercent: round(m.doubleSupportPercent),
    SingleSupportPercent: round(m.singleSupportPercent),
    InitialDoubleSupportPercent: round(m.initialDoubleSupportPercent),
    TerminalDoubleSupportPercent: round(m.terminalDoubleSupportPercent),
    StanceTime_s: round(m.stanceTime),
    SwingTime_s: round(m.swingTime),
  };
}

function footRecord(m: FootMetrics): FootMetricsRecord {
  return {
    StepCount: m.stepCount,
    CycleCount: m.cycleCount,
    StepLength_m: round(m.stepLength),
    StrideTime_s: roundOrNull(m.strideTime),
    StancePercent: roundOrNull(m.stancePercent),
    SwingPercent: roundOrNull(m.swingPercent),
    DoubleSupportPercent: roundOrNull(m.doubleSupportPercent),
    SingleSupportPercent: roundOrNull(m.singleSupportPercent),
    InitialDoubleSupportPercent: roundOrNull(m.initialDoubleSupportPercent),
    TerminalDoubleSupportPercent: roundOrNull(m.terminalDoubleSupportPercent),
    StanceTime_s: roundOrNull(m.stanceTime),
    SwingTime_s: roundOrNull(m.swingTime),
    StepTime_s: roundOrNull(m.stepTime),
    StrideLength_m: roundOrNull(m.strideLength),
    StepWidth_m: roundOrNull(m.stepWidth),
    StrideTimeCV_percent: roundOrNull(m.variability.strideTimeCv),
    StrideLengthCV_percent: roundOrNull(m.variability.strideLengthCv),
    StepWidthCV_percent: roundOrNull(m.variability.stepWidthCv),
    KneeFlexion: curveRecord(m.kneeFlexion),
    HipFlexion: curveRecord(m.hipFlexion),
  };
}

/** Reads an uploaded gait metrics file, explaining in one sentence what is wrong with it if anything is. */
export function readMetricsFile(text: string): MetricsFileReadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Gait metrics file is not valid JSON.' };
  }
  return checkMetricsFile(data);
}

/** The checks of readMetricsFile on JSON already parsed (an upload is parsed once to learn what kind of file it is). */
export function checkMetricsFile(data: unknown): MetricsFileReadResult {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: 'Gait metrics file must hold one JSON object.' };
  }
  const format: unknown = (data as Record<string, unknown>).Format;
  if (format !== METRICS_FORMAT) {
    return { ok: false, error: `This is not a gait metrics file: its Format should be "${METRICS_FORMAT}".` };
  }
  const version: unknown = (data as Record<string, unknown>).FormatVersion;
  if (typeof version === 'number' && version > METRICS_FORMAT_VERSION) {
    return {
      ok: false,
      error: `Gait metrics file format version ${version} is newer than this portal reads (${METRICS_FORMAT_VERSION}).`,
    };
  }
  // Chosen by Source rather than tried as a union, so that the error names the field at fault in that kind of file.
  const clinic = (data as Record<string, unknown>).Source === 'clinic';
  const parsed = (clinic ? clinicMetricsFileSchema : engineMetricsFileSchema).safeParse(data);
  if (parsed.success) return { ok: true, file: parsed.data };
  const issue = parsed.error.issues[0];
  const where =
    issue === undefined || issue.path.length === 0
      ? ''
      : ` at ${issue.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
          .join('')
          .replace(/^\./, '')}`;
  return { ok: false, error: `Gait metrics file is not valid${where}: ${issue?.message ?? 'unexpected content'}.` };
}
