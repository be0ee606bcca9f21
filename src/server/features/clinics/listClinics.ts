import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinics } from '#server/records/clinicRecords';
import { tombstones } from '#server/records/tombstones';
import { clinicScope } from '#server/scope/recordScope';

/** clinics: the clinics the caller may see, whole or as a delta with tombstones. */
export function listClinics(deps: AppDeps): CallHandler<'clinics'> {
  return async (request) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const serverTime = deps.clock().toISOString();
    const { db } = deps.database;
    const scope = clinicScope(db, user);
    const clinics = await loadClinics(db, scope, undefined, modifiedSince);
    const deleted = await tombstones(db, 'clinics', scope, modifiedSince);
    const read = clinics.map((c) => c.ClinicID);
    await auditRequest(deps, request, 'clinics.list', listTarget('clinics', read, modifiedSince));
    return { clinics, deleted, serverTime };
  };
}
