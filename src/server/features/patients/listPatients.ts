import { NEXT_CURSOR_HEADER } from '#shared/records/pageLimits';
import { ICD_TREE } from '#shared/codes/icd';
import { ICF_TREE } from '#shared/codes/icf';
import { listTarget } from '#server/audit/listTarget';
import { auditRead } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { readListingPage } from '#server/records/listingPage';
import { loadPatients } from '#server/records/patientRecords';
import type { PatientWindow } from '#server/records/sessionRecords';
import { tombstones } from '#server/records/tombstones';
import { patientScope, patientScopeWindowEnd } from '#server/scope/recordScope';

/**
 * patients: the patients the caller may see, whole or as a delta with tombstones, a page at a time in
 * UniquePatientID order. The code trees (includeExtraInfo) come once, with the first page.
 */
export function listPatients(deps: AppDeps): CallHandler<'patients'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { includeExtraInfo, modifiedSince } = request.query;
    const { db } = deps.database;
    const scope = patientScope(db, user);
    // On PostgreSQL a whole listing reads the scope a window at a time, as the session pages do (listSessions).
    const window: PatientWindow | undefined =
      deps.database.kind === 'postgres' && modifiedSince === undefined
        ? (from, size) => patientScopeWindowEnd(db, user, from, size)
        : undefined;
    const page = await readListingPage(request.query, deps.clock, {
      rows: (afterId, limit) => loadPatients(db, scope, { modifiedSince, afterId, limit, window }),
      keyOf: (row) => row.UniquePatientID,
      tombstones: (since, afterId, limit) => tombstones(db, 'patients', scope, since, { afterId, limit }),
    });
    const read = page.rows.map((p) => p.UniquePatientID);
    auditRead(deps, request, 'patients.list', listTarget('patients', read, modifiedSince));
    const extra = includeExtraInfo === 'true' && page.first ? { ICD_Tree: [...ICD_TREE], ICF_Tree: [...ICF_TREE] } : {};
    if (page.nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    const { serverTime, nextCursor } = page;
    return { patients: page.rows, deleted: page.deleted, serverTime, nextCursor, ...extra };
  };
}
