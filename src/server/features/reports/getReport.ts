import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import type { CallHandler } from '#server/http/serveCall';
import { asAttachment } from '#server/http/attachment';
import { linkProblemPage, sessionBrowserLink } from '#server/reports/linkProblemPage';
import { reportLinkKey, verifyReportLink } from '#server/reports/signedLinks';

// A report is a finished document: nothing in it may load, run or frame anything.
const REPORT_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const ROLES = new Set(['patient', 'clinician', 'clinic', 'admin']);

/**
 * Serves a generated report by its signed link (a new tab cannot send the bearer token). The signature names the
 * file and its expiry. Whoever holds the link reads it, so the audit row names the user the link was made for and says
 * it was read through the link.
 */
export function getReport(deps: AppDeps): CallHandler<'getReport'> {
  return async (request, reply) => {
    const { file } = request.params;
    const { expires, signature } = request.query;
    const { db } = deps.database;
    const check = verifyReportLink(await reportLinkKey(db), file, expires, signature, deps.clock());
    const [id = '', format] = file.split('.');
    if (check !== 'ok') {
      await auditRequest(deps, request, 'report.read', `report:${id}`, 'denied');
      // Only a genuine (signed) expired link may say whose report it was: a forged one learns nothing.
      const owner =
        check === 'expired'
          ? await db.selectFrom('reports').select(['role', 'patient_ids']).where('id', '=', id).executeTakeFirst()
          : undefined;
      const again =
        owner !== undefined && ROLES.has(owner.role) ? sessionBrowserLink(owner.role, owner.patient_ids) : '/login';
      const page = linkProblemPage(
        check === 'expired'
          ? { kind: 'expired', lifetimeMinutes: Math.round(deps.config.reportLinkSeconds / 60), again }
          : { kind: 'invalid' },
      );
      return reply
        .code(check === 'expired' ? 410 : 403)
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', REPORT_POLICY)
        .type('text/html; charset=utf-8')
        .send(page);
    }
    const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (report === undefined || (format === 'pdf' && report.pdf === null))
      return reply.code(404).send({ error: 'Report not found' });
    await deps.audit.record({
      userId: report.user_id,
      role: report.role,
      action: 'report.read',
      target: `report:${id} patients:${report.patient_ids} via signed link`,
      outcome: 'success',
      address: request.ip,
    });
    reply.header('Cache-Control', 'private, no-store').header('Content-Security-Policy', REPORT_POLICY);
    if (format === 'pdf') {
      // Named by patient id and session, as exports are (reports made before the name was kept: 'report.pdf').
      return asAttachment(reply, 'application/pdf', report.pdf_name ?? 'report.pdf', 'inline').send(
        Buffer.from(report.pdf ?? []),
      );
    }
    return reply.type('text/html; charset=utf-8').send(report.html);
  };
}
