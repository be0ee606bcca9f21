import { AUDIT_EXPORT_MAX, auditExportTooLarge } from '#shared/audit/auditEvents';
import { asAttachment } from '#server/http/attachment';
import { auditRequest } from '#server/audit/requestAudit';
import { auditView, filterTarget, normalisedFilter, patientFilterIds } from '#server/audit/auditView';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { auditCsv } from './auditCsv.ts';

/**
 * auditEventsCsv: the filtered view as one CSV of at most AUDIT_EXPORT_MAX entries. A larger view is refused rather
 * than cut, so an export never looks whole when it is not; the export, and a refused one, are audited with filters.
 */
export function exportAuditEvents(deps: AppDeps): CallHandler<'auditEventsCsv'> {
  return async (request, reply) => {
    const { UserType: _userType, TimeZone, ...asked } = request.query;
    const filter = normalisedFilter(asked);
    const patientIds = await patientFilterIds(deps.database, filter);
    const target = filterTarget(filter);
    const rows = await auditView(deps.database, { ...filter, patientIds }, { limit: AUDIT_EXPORT_MAX + 1 });
    if (rows.length > AUDIT_EXPORT_MAX) {
      await auditRequest(deps, request, 'auditLog.export', target, 'failure');
      throw new HttpError(422, auditExportTooLarge(AUDIT_EXPORT_MAX));
    }
    await auditRequest(deps, request, 'auditLog.export', `${target} entries=${String(rows.length)}`);
    const name = `audit-log_${deps.clock().toISOString().slice(0, 19).replaceAll(':', '-')}Z.csv`;
    return asAttachment(reply.code(200), 'text/csv; charset=utf-8', name).send(auditCsv(rows, TimeZone));
  };
}
