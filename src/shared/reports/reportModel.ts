import type { GaitMetrics } from '../gait/gaitResult.ts';
import type { NormKey, ReportMetricName } from './reportMetrics.ts';
import type { ReportType, XAxisType } from './reportRequest.ts';

/** An adult reference range for one line of the report, with where it comes from. */
export type NormativeRange = { low: number; high: number; source: string };
export type NormativeRanges = Partial<Record<NormKey, NormativeRange>>;

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
  analysis: { status: 'ok'; metrics: GaitMetrics } | { status: 'insufficient-data'; reason: string };
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

/** DD/MM/YYYY HH:mm in UTC, as the spec displays dates (§9). */
export function reportDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The x-axis label of a session column. */
export const axisLabel = (s: ReportSession, xAxis: XAxisType): string =>
  xAxis === 'Date'
    ? reportDateTime(s.DateTime).slice(0, 10)
    : `${String(s.SessionNumber)}.${String(s.SubSessionNumber)}`;

/** Where a value sits against its adult range: below, within or above (none without a range). */
export function againstNorm(value: number, range: NormativeRange | undefined): 'below' | 'within' | 'above' | 'none' {
  if (range === undefined || !Number.isFinite(value)) return 'none';
  if (value < range.low) return 'below';
  if (value > range.high) return 'above';
  return 'within';
}
