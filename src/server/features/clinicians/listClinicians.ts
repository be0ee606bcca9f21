import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinicians } from '#server/records/clinicianRecords';
import { clinicianTombstones } from '#server/records/tombstones';
import { clinicianScope } from '#server/scope/recordScope';

/** clinicians: the clinicians the caller may see, whole or as a delta with tombstones. */
export function listClinicians(deps: AppDeps): CallHandler<'clinicians'> {
  return async (request) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const serverTime = deps.clock().toISOString();
    const { db } = deps.database;
    const scope = clinicianScope(db, user);
    const clinicians = await loadClinicians(db, scope, undefined, modifiedSince);
    const deleted = await clinicianTombstones(db, user, scope, modifiedSince);
    const read = clinicians.map((c) => c.ClinicianID);
    await auditRequest(deps, request, 'clinicians.list', listTarget('clinicians', read, modifiedSince));
    return { clinicians, deleted, serverTime };
  };
}
