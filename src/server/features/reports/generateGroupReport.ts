import { randomUUID } from 'node:crypto';
import { GAIT_METHOD } from '#shared/gait/gaitResult';
import type { GroupReportModel } from '#shared/reports/groupReportModel';
import { renderGroupReportHtml } from '#shared/reports/groupReportHtml';
import { REPORT_NORMS } from '#shared/reports/normativeRanges';
import { validTimeZone } from '#shared/reports/reportTime';
import { auditRequest } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { checkedCodes } from '#server/records/codeChecks';
import { GROUP_SIZE_LIMIT, groupMembers } from '#server/reports/groupMembers';
import { renderGroupReportPdf } from '#server/reports/groupReportPdf';
import { reportAuthor } from '#server/reports/reportAuthor';
import { EXPIRED_REPORT_KEEP_SECONDS, reportLinkKey, signReportLink } from '#server/reports/signedLinks';

const NO_PATIENTS = 'No patient matches the chosen criteria.';
const TOO_MANY = `The group has more than ${String(GROUP_SIZE_LIMIT)} patients: narrow it by code, tag or clinic.`;

/**
 * generate-group-report (README "Deviations from the spec": the specification keeps 'Create Group Report'
 * disabled): a cohort's latest values of the chosen metrics, their spread and who lies outside the adult reference,
 * as an HTML report and a PDF behind signed links, like generate-report.
 */
export function generateGroupReport(deps: SessionDeps): CallHandler<'generate-group-report'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    for (const kind of ['ICD', 'ICF', 'Miscs'] as const) checkedCodes(kind, input[kind]);
    const asked = [
      ...(input.patientIDs.length > 0 ? [`patients:${input.patientIDs.join(',')}`] : []),
      ...(input.clinicIDs.length > 0 ? [`clinics:${input.clinicIDs.join(',')}`] : []),
    ].join(' ');
    const group = await groupMembers(deps, user, input);
    if (group.status === 'not-found') {
      await auditRequest(deps, request, 'report.generate', `group ${asked}`, 'denied');
      return reply.code(404).send({ error: 'Patient not found' });
    }
    if (group.status !== 'ok') {
      await auditRequest(deps, request, 'report.generate', `group ${asked}`.trim(), 'failure');
      return reply.code(422).send({ error: group.status === 'empty' ? NO_PATIENTS : TOO_MANY });
    }
    const patientIds = group.members.map((m) => m.UniquePatientID).join(',');
    const now = deps.clock();
    const { db } = deps.database;
    const model: GroupReportModel = {
      criteria: group.criteria,
      metrics: input.metrics,
      members: group.members,
      norms: REPORT_NORMS,
      generatedAt: now.toISOString(),
      generatedBy: await reportAuthor(db, user),
      method: GAIT_METHOD,
      timeZone: validTimeZone(input.timeZone),
    };
    const html = renderGroupReportHtml(model);
    const pdf = await renderGroupReportPdf(model);
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
        patient_ids: patientIds,
        html,
        pdf,
        pdf_name: 'group-report.pdf',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetime * 1000).toISOString(),
      })
      .execute();
    // The audit row names every patient whose record the report reads (README Security: list reads name each record).
    await auditRequest(deps, request, 'report.generate', `report:${id} group patients:${patientIds}`);
    const key = await reportLinkKey(db);
    return {
      htmlPath: signReportLink(key, `${id}.html`, now, lifetime),
      pdfPath: signReportLink(key, `${id}.pdf`, now, lifetime),
      patientCount: group.members.length,
    };
  };
}
