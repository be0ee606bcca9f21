import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinics } from '#server/records/clinicRecords';
import { clinicScope } from '#server/scope/recordScope';

/** clinic: one clinic record, only if it lies in the caller's scope; otherwise 404. */
export function getClinic(deps: AppDeps): CallHandler<'clinic'> {
  return async (request) => {
    const user = currentUser(request);
    const { id } = request.query;
    const clinics = await loadClinics(deps.database.db, clinicScope(deps.database.db, user), id);
    if (clinics.length === 0) {
      await auditRequest(deps, request, 'clinic.read', `clinic:${id}`, 'denied');
      throw notFound('Clinic not found');
    }
    await auditRequest(deps, request, 'clinic.read', `clinic:${id}`);
    return { clinics };
  };
}
