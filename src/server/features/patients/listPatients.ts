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
    // On PostgreSQL a whole listing reads the scope a window at a time, its patients found by primary key, as the
    // session pages do (listSessions): as an IN list the planner hashed the lists and scanned every patient up to the
    // window's end, thousands of rows for a 100-row page and most of the page's statement time.
    const windowed = deps.database.kind === 'postgres' && modifiedSince === undefined;
    const scope = patientScope(db, user, windowed ? 'array' : 'in');
    const window: PatientWindow | undefined = windowed
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
