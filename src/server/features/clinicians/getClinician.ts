import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinicians } from '#server/records/clinicianRecords';
import { clinicianScope } from '#server/scope/recordScope';

/** clinician: one clinician record, only if it lies in the caller's scope; otherwise 404. */
export function getClinician(deps: AppDeps): CallHandler<'clinician'> {
  return async (request) => {
    const user = currentUser(request);
    const { id } = request.query;
    const clinicians = await loadClinicians(deps.database.db, clinicianScope(deps.database.db, user), id);
    if (clinicians.length === 0) {
      await auditRequest(deps, request, 'clinician.read', `clinician:${id}`, 'denied');
      throw notFound('Clinician not found');
    }
    await auditRequest(deps, request, 'clinician.read', `clinician:${id}`);
    return { clinicians };
  };
}
