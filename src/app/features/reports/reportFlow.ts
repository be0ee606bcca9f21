import type { Session } from '#shared/sessions/session';
import type { ReportRequestInput, ReportType, XAxisType } from '#shared/reports/reportRequest';
import type { ReportMetricName } from '#shared/reports/reportMetrics';

/** The two reports the session browser starts (docs/spec.md §2 footer): one session, or several. */
export type BrowserReportType = 'session' | 'multi-session';

export const REPORT_TITLES: Record<BrowserReportType, string> = {
  session: 'Single Session',
  'multi-session': 'Multi Session',
};

/** A multi-session selection spanning several patients becomes a multi-patient report. */
export function reportTypeFor(type: BrowserReportType, sessions: readonly Session[]): ReportType {
  if (type === 'session') return 'session';
  return new Set(sessions.map((s) => s.UniquePatientID)).size > 1 ? 'multi-patient' : 'multi-session';
}

export function reportRequest(
  type: BrowserReportType,
  sessions: readonly Session[],
  metrics: readonly ReportMetricName[],
  xAxisType: XAxisType,
): ReportRequestInput {
  return {
    patientIDs: [...new Set(sessions.map((s) => s.UniquePatientID))],
    sessionIDs: sessions.map((s) => s.SessionID),
    subSessionIDs: sessions.map((s) => s.SubSessionID),
    clinicianIDs: [...new Set(sessions.map((s) => s.ClinicianID))],
    metrics: [...metrics],
    report_type: reportTypeFor(type, sessions),
    xAxisType,
    // Reports write times in the zone the app shows them in, the offset beside each.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
