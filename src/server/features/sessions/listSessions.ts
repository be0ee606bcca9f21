import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { patientScope } from '#server/scope/recordScope';
import { loadSessions } from '#server/records/sessionRecords';
import { sessionTombstones } from '#server/records/sessionTombstones';

/** The sessions the caller may see (docs/spec.md §7 'sessions'), whole or as a delta with tombstones. */
export function listSessions(deps: AppDeps): CallHandler<'sessions'> {
  return async (request) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const serverTime = deps.clock().toISOString();
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const sessions = await loadSessions(db, scope, { modifiedSince });
    const deleted = await sessionTombstones(db, scope, modifiedSince);
    // Sessions are read as the patients' records they are: the row names those patients.
    const read = sessions.map((s) => s.UniquePatientID);
    await auditRequest(deps, request, 'sessions.list', listTarget('patients', read, modifiedSince));
    return { sessions, deleted, serverTime };
  };
}
