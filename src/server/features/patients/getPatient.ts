import { auditRead, auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { loadPatients } from '#server/records/patientRecords';
import { patientScope } from '#server/scope/recordScope';

/** patient: one patient record, only if it lies in the caller's scope; otherwise 404. */
export function getPatient(deps: AppDeps): CallHandler<'patient'> {
  return async (request) => {
    const user = currentUser(request);
    const { PatientID } = request.query;
    const patients = await loadPatients(deps.database.db, patientScope(deps.database.db, user), PatientID);
    if (patients.length === 0) {
      await auditRequest(deps, request, 'patient.read', `patient:${PatientID}`, 'denied');
      throw notFound('Patient not found');
    }
    auditRead(deps, request, 'patient.read', `patient:${PatientID}`);
    return { patients };
  };
}
