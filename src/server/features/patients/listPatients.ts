import { ICD_TREE } from '#shared/codes/icd';
import { ICF_TREE } from '#shared/codes/icf';
import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { loadPatients } from '#server/records/patientRecords';
import { tombstones } from '#server/records/tombstones';
import { patientScope } from '#server/scope/recordScope';

/** patients: the patients the caller may see, whole or as a delta with tombstones. */
export function listPatients(deps: AppDeps): CallHandler<'patients'> {
  return async (request) => {
    const user = currentUser(request);
    const { includeExtraInfo, modifiedSince } = request.query;
    const serverTime = deps.clock().toISOString();
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const patients = await loadPatients(db, scope, { modifiedSince });
    const deleted = await tombstones(db, 'patients', scope, modifiedSince);
    const read = patients.map((p) => p.UniquePatientID);
    await auditRequest(deps, request, 'patients.list', listTarget('patients', read, modifiedSince));
    const extra = includeExtraInfo === 'true' ? { ICD_Tree: [...ICD_TREE], ICF_Tree: [...ICF_TREE] } : {};
    return { patients, deleted, serverTime, ...extra };
  };
}
