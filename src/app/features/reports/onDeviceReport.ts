import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { GAIT_METHOD } from '#shared/gait/gaitResult';
import { parseJointData } from '#shared/gait/jointDataFile';
import { walkWarnings } from '#shared/gait/walkWarnings';
import { REPORT_NORMS } from '#shared/reports/normativeRanges';
import { renderReportHtml } from '#shared/reports/reportHtml';
import {
  orderReportSessions,
  type ReportModel,
  type ReportPatient,
  type ReportSession,
} from '#shared/reports/reportModel';
import { validTimeZone } from '#shared/reports/reportTime';
import type { ReportRequestInput, XAxisType } from '#shared/reports/reportRequest';
import type { ReportMetricName } from '#shared/reports/reportMetrics';
import type { Session } from '#shared/sessions/session';
import { trendSeries } from '#shared/reports/trendSeries';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { api } from '#app/lib/api';
import { findMirrored } from '#app/lib/mirror/mirrorRows';
import type { ReportLinks } from './api/generateReport.ts';

/** The patient's sex, date of birth and height from the device's mirror of the patient list. */
async function patientOf(id: string): Promise<ReportPatient> {
  try {
    const patient = await findMirrored('patients', id);
    if (patient !== undefined) {
      return { sex: patient.Sex, dateOfBirth: patient.DOB, heightCm: patient.Height > 0 ? patient.Height : null };
    }
  } catch {
    // No mirror on this device (or none for this login): the report says the details were not recorded.
  }
  return { sex: '', dateOfBirth: null, heightCm: null };
}

/** The engine's analysis of one session from its joint data file, fetched from the device's cache when offline. */
async function analyse(session: Session, patient: ReportPatient): Promise<ReportSession['analysis']> {
  try {
    const text = await api
      .get(sessionFilePath(session.SessionID, session.SubSessionID, 'jointData'), { timeout: 20_000, retry: 0 })
      .text();
    const parsed = parseJointData(text);
    if (!parsed.ok) return { status: 'insufficient-data', reason: parsed.error };
    const analysis = computeGaitMetrics(parsed.recording, {
      heightM: patient.heightCm === null ? undefined : patient.heightCm / 100,
    });
    const { plateEvents } = analysis;
    return analysis.status === 'ok'
      ? {
          status: 'ok',
          metrics: analysis.session,
          warnings: walkWarnings([], analysis.bouts),
          ...(plateEvents === undefined ? {} : { plateEvents }),
        }
      : { status: 'insufficient-data', reason: analysis.reason };
  } catch {
    return { status: 'insufficient-data', reason: 'The joint data of this session is not kept on this device.' };
  }
}

/**
 * When the server cannot be reached, the same engine and HTML report run on the device from cached joint data
 * (docs/design.md: a tablet can build a report offline). The report opens from a local blob: URL.
 */
export async function buildReportOnDevice(
  sessions: readonly Session[],
  request: ReportRequestInput,
  generatedBy: string,
): Promise<ReportLinks | undefined> {
  const reportSessions: ReportSession[] = [];
  for (const s of sessions) {
    const patient = await patientOf(s.UniquePatientID);
    reportSessions.push({ ...s, patient, analysis: await analyse(s, patient) });
  }
  if (!reportSessions.some((s) => s.analysis.status === 'ok')) return undefined;
  const xAxisType: XAxisType = request.xAxisType ?? 'SessionNumber';
  const model: ReportModel = {
    type: request.report_type,
    xAxisType,
    metrics: request.metrics as ReportMetricName[],
    sessions: orderReportSessions(reportSessions, request.report_type, xAxisType),
    norms: REPORT_NORMS,
    generatedAt: new Date().toISOString(),
    generatedBy: `${generatedBy} (on this device, offline)`,
    method: GAIT_METHOD,
    timeZone: validTimeZone(request.timeZone),
  };
  const trends = request.report_type === 'session' ? undefined : trendSeries(model);
  const html = renderReportHtml(model, trends);
  const htmlPath = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  return { htmlPath, trends };
}
