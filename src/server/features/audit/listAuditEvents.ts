import { AUDIT_PAGE_DEFAULT } from '#shared/audit/auditEvents';
import { auditRequest } from '#server/audit/requestAudit';
import { auditView, filterTarget, normalisedFilter, patientFilterIds } from '#server/audit/auditView';
import type { AppDeps } from '#server/deps';
import type { CallHandler } from '#server/http/serveCall';

/**
 * auditEvents: a page of the trail, newest first, by keyset on the entry number, so that entries written while an
 * auditor pages (their own reads among them) are newer than the first page and never shift the pages after it.
 * The read is recorded, with its filters, before the entries are read, so the first page shows it at the top.
 */
export function listAuditEvents(deps: AppDeps): CallHandler<'auditEvents'> {
  return async (request, reply) => {
    const { UserType: _userType, limit = AUDIT_PAGE_DEFAULT, cursor, ...asked } = request.query;
    const filter = normalisedFilter(asked);
    const patientIds = await patientFilterIds(deps.database, filter);
    const page = cursor === undefined ? '' : ` cursor=${cursor}`;
    await auditRequest(deps, request, 'auditLog.read', `${filterTarget(filter)}${page}`);
    const rows = await auditView(
      deps.database,
      { ...filter, patientIds },
      { limit: limit + 1, ...(cursor === undefined ? {} : { before: Number(cursor) }) },
    );
    const events = rows.slice(0, limit);
    const last = events.at(-1);
    const nextCursor = rows.length > limit && last !== undefined ? String(last.ID) : null;
    return reply.header('Cache-Control', 'no-store').send({ events, nextCursor });
  };
}
