import { auditLogText } from '#server/audit/auditTrail';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import type { CallHandler } from '#server/http/serveCall';

/** auditLog: the trail as text for the audit log page. Reading it is recorded first, so it shows at the top. */
export function getAuditLog(deps: AppDeps): CallHandler<'auditLog'> {
  return async (request) => {
    await auditRequest(deps, request, 'auditLog.read', 'audit_log');
    return { Data: await auditLogText(deps.database) };
  };
}
