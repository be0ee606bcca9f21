import { randomUUID } from 'node:crypto';
import { sessionFileName } from '#shared/exports/downloadNames';
import { REPORT_NORMS } from '#shared/reports/normativeRanges';
import { GAIT_METHOD } from '#shared/gait/gaitResult';
import { renderReportHtml } from '#shared/reports/reportHtml';
import { orderReportSessions, type ReportModel, type ReportSession } from '#shared/reports/reportModel';
import { validTimeZone } from '#shared/reports/reportTime';
import { trendSeries } from '#shared/reports/trendSeries';
import { auditRequest } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { reportAuthor } from '#server/reports/reportAuthor';
import { renderReportPdf } from '#server/reports/reportPdf';
import { loadReportSessions } from '#server/reports/reportSessions';
import { EXPIRED_REPORT_KEEP_SECONDS, reportLinkKey, signReportLink } from '#server/reports/signedLinks';

/** docs/spec.md §8: when no selected session has enough walking, the client shows 'Error: ' + this. */
const INSUFFICIENT = 'Insufficient data. Try selecting another session.';

/** A single-session report's PDF is named like the session's exports: `P-0042_session-3.1_report.pdf`. */
function pdfName(sessions: readonly ReportSession[]): string {
  const [s] = sessions;
  return s === undefined
    ? 'report.pdf'
    : sessionFileName(
        { givenPatientId: s.GivenPatientID, sessionNumber: s.SessionNumber, subSessionNumber: s.SubSessionNumber },
        'report.pdf',
      );
}

/**
 * generate-report (docs/spec.md §7): the engine's metrics of the selected sessions as a self-contained HTML report and,
 * for a single-session report (the pie-chart variant), a vector PDF. Answers signed, short-lived links.
 */
export function generateReport(deps: SessionDeps): CallHandler<'generate-report'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    const { db } = deps.database;
    const named = `sub-sessions:${input.sessions.map((s) => s.subSessionId).join(',')}`;
    const sessions = await loadReportSessions(deps, user, input.sessions);
    if (sessions === undefined) {
      await auditRequest(deps, request, 'report.generate', named, 'denied');
      return reply.code(404).send({ error: 'Session not found' });
    }
    const patientIds = [...new Set(sessions.map((s) => s.UniquePatientID))];
    const target = `patients:${patientIds.join(',')} ${named}`;
    if (!sessions.some((s) => s.analysis.status === 'ok')) {
      await auditRequest(deps, request, 'report.generate', target, 'failure');
      return reply.code(422).send({ error: INSUFFICIENT });
    }
    const now = deps.clock();
    const model: ReportModel = {
      type: input.report_type,
      xAxisType: input.xAxisType,
      metrics: input.metrics,
      sessions: orderReportSessions(sessions, input.report_type, input.xAxisType),
      norms: REPORT_NORMS,
      generatedAt: now.toISOString(),
      generatedBy: await reportAuthor(db, user),
      method: GAIT_METHOD,
      timeZone: validTimeZone(input.timeZone),
    };
    const trends = input.report_type === 'session' ? undefined : trendSeries(model);
    const html = renderReportHtml(model, trends);
    const pdf = input.report_type === 'session' ? await renderReportPdf(model) : null;
    const id = randomUUID();
    const lifetime = deps.config.reportLinkSeconds;
    const forgotten = new Date(now.getTime() - EXPIRED_REPORT_KEEP_SECONDS * 1000).toISOString();
    await db.deleteFrom('reports').where('expires_at', '<', forgotten).execute();
    await db
      .insertInto('reports')
      .values({
        id,
        user_id: user.id,
        role: user.role,
        patient_ids: patientIds.join(','),
        html,
        pdf,
        pdf_name: pdf === null ? null : pdfName(sessions),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetime * 1000).toISOString(),
      })
      .execute();
    await auditRequest(deps, request, 'report.generate', `report:${id} ${target}`);
    const key = await reportLinkKey(db);
    return {
      htmlPath: signReportLink(key, `${id}.html`, now, lifetime),
      ...(pdf === null ? {} : { pdfPath: signReportLink(key, `${id}.pdf`, now, lifetime) }),
      // The app draws these as chart.js trends beside the links (multi-session and multi-patient reports).
      ...(trends === undefined ? {} : { trends }),
    };
  };
}
