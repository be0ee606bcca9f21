import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { readListingPage } from '#server/records/listingPage';
import { loadSessionPage } from '#server/records/sessionRecords';
import { sessionTombstones } from '#server/records/sessionTombstones';
import { patientScope } from '#server/scope/recordScope';

/**
 * The sessions the caller may see (docs/spec.md §7 'sessions'), whole or as a delta with tombstones, a page at a time: the
 * rows in SubSessionID order, then (for a delta) the tombstones, a page holding up to `limit` of both. Each page is
 * read in the caller's scope and audited on its own.
 */
export function listSessions(deps: AppDeps): CallHandler<'sessions'> {
  return async (request) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const page = await readListingPage(request.query, deps.clock, {
      rows: (afterId, limit) => loadSessionPage(db, scope, { modifiedSince, afterId }, limit),
      keyOf: (row) => row.SubSessionID,
      tombstones: (since, afterId, limit) => sessionTombstones(db, scope, since, { afterId, limit }),
    });
    // Sessions are read as the patients' records they are: the row names those patients.
    const read = page.rows.map((s) => s.UniquePatientID);
    await auditRequest(deps, request, 'sessions.list', listTarget('patients', read, modifiedSince));
    return { sessions: page.rows, deleted: page.deleted, serverTime: page.serverTime, nextCursor: page.nextCursor };
  };
}
