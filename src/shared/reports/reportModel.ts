import type { GaitMetrics } from '../gait/gaitResult.ts';
import type { UsedPlateEvent } from '../gait/plateEvents.ts';
import type { NormKey, ReportMetricName } from './reportMetrics.ts';
import type { ReportType, XAxisType } from './reportRequest.ts';
import { reportTime } from './reportTime.ts';

/** An adult reference range for one line of the report, with the works it comes from. */
export type NormativeRange = { low: number; high: number; sources: readonly string[] };
export type NormativeRanges = Partial<Record<NormKey, NormativeRange>>;

/** The patient's details that reference values depend on; sex as recorded ('Female', 'Male', 'Other' or ''). */
export type ReportPatient = { sex: string; dateOfBirth: string | null; heightCm: number | null };

/** One recorded sub-session in a report, with the engine's metrics for it or the reason there are none. */
export type ReportSession = {
  SessionID: string;
  SubSessionID: string;
  SessionNumber: number;
  SubSessionNumber: number;
  /** ISO time of the recording. */
  DateTime: string;
  UniquePatientID: string;
  PatientName: string;
  GivenPatientID: string;
  ClinicianName: string;
  TestName: string;
  ClinicName: string;
  patient: ReportPatient;
  /**
   * plateEvents: the force plates' heel strikes and toe offs, for a trial with plates; warnings: what a clinician
   * should be told about the recording and its walk (a walk that was not level, …).
   */
  analysis:
    | { status: 'ok'; metrics: GaitMetrics; plateEvents?: UsedPlateEvent[]; warnings?: string[] }
    | { status: 'insufficient-data'; reason: string };
};

/** Everything a report shows, whichever form (HTML table, PDF pie chart, in-app trend) renders it. */
export type ReportModel = {
  type: ReportType;
  xAxisType: XAxisType;
  metrics: ReportMetricName[];
  sessions: ReportSession[];
  norms: NormativeRanges;
  /** ISO time the report was made, and by whom (shown in the footer). */
  generatedAt: string;
  generatedBy: string;
  method: string;
  /** IANA time zone every time in the report is written in, with its offset beside it. */
  timeZone: string;
};

export const REPORT_TITLES: Record<ReportType, string> = {
  session: 'Single Session Gait Report',
  'multi-session': 'Multi Session Gait Report',
  'multi-patient': 'Multi Patient Gait Report',
};

/** Column order: by session and sub-session number, or by date; multi-patient groups by patient first. */
export function orderReportSessions(
  sessions: readonly ReportSession[],
  type: ReportType,
  xAxis: XAxisType,
): ReportSession[] {
  const byAxis = (a: ReportSession, b: ReportSession) =>
    xAxis === 'Date'
      ? a.DateTime.localeCompare(b.DateTime)
      : a.SessionNumber - b.SessionNumber || a.SubSessionNumber - b.SubSessionNumber;
  const byPatient = (a: ReportSession, b: ReportSession) =>
    type === 'multi-patient' ? a.PatientName.localeCompare(b.PatientName) : 0;
  return [...sessions].sort((a, b) => byPatient(a, b) || byAxis(a, b));
}

/**
 * The x-axis label of a session column: its number, or its date and time in the report's time zone (a clinic often
 * records a patient several times a day, and each recording is a point of its own).
 */
export function axisLabel(s: ReportSession, xAxis: XAxisType, timeZone: string): string {
  if (xAxis === 'SessionNumber') return `${String(s.SessionNumber)}.${String(s.SubSessionNumber)}`;
  const { date, time } = reportTime(s.DateTime, timeZone);
  return `${date} ${time}`;
}

/** Each session's warnings, named by the session, as the report prints them under its table. */
export function sessionWarnings(model: ReportModel): string[] {
  return model.sessions.flatMap((s) =>
    s.analysis.status === 'ok'
      ? (s.analysis.warnings ?? []).map((w) => `Session ${axisLabel(s, 'SessionNumber', model.timeZone)}: ${w}`)
      : [],
  );
}

/**
 * Where a value sits against its adult range: below, within or above (none without a range). The value and the
 * limits are compared as the report prints them, so that '62.0' is within '58.0–62.0' even when the value was
 * 62.04, and a flag never contradicts the numbers beside it.
 */
export function againstNorm(
  value: number | null,
  range: NormativeRange | undefined,
  decimals: number,
): 'below' | 'within' | 'above' | 'none' {
  if (range === undefined || value === null || !Number.isFinite(value)) return 'none';
  const shown = (x: number) => Number(x.toFixed(decimals));
  if (shown(value) < shown(range.low)) return 'below';
  if (shown(value) > shown(range.high)) return 'above';
  return 'within';
}

/** Completed years between a date of birth and a recording (spec: elapsed time ÷ 31,557,600,000 ms). */
export function ageAt(dateOfBirth: string | null, at: string): number | undefined {
  if (dateOfBirth === null || dateOfBirth === '') return undefined;
  const born = Date.parse(dateOfBirth);
  const when = Date.parse(at);
  if (Number.isNaN(born) || Number.isNaN(when) || when < born) return undefined;
  return Math.floor((when - born) / 31_557_600_000);
}

/**
 * The session's metrics with speed normalised to height filled in from the patient's record when the engine was
 * not told the height (a metrics file computed at upload does not know it).
 */
export function withPatientHeight(metrics: GaitMetrics, heightCm: number | null): GaitMetrics {
  if (metrics.speedPerHeight !== null || heightCm === null || !(heightCm > 30)) return metrics;
  return { ...metrics, speedPerHeight: metrics.speed / (heightCm / 100) };
}
