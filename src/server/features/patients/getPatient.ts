import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { patientScope } from '#server/scope/recordScope';
import { loadPatients } from '#server/records/patientRecords';

export const getPatientSchema = {
  querystring: z.object({
    PatientID: z
      .string({ error: 'PatientID not specified' })
      .min(1, 'PatientID not specified')
      .max(100, 'PatientID is too long'),
    UserType: userTypeSchema.optional(),
    includeExtraInfo: z.string().optional(),
  }),
};

/** One patient record (spec §7 'patient'), only if it lies in the caller's scope; otherwise 404. */
export function getPatientHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { PatientID } = request.query as z.infer<typeof getPatientSchema.querystring>;
    const patients = await loadPatients(deps.database.db, patientScope(deps.database.db, user), PatientID);
    if (patients.length === 0) {
      await auditRequest(deps, request, 'patient.read', `patient:${PatientID}`, 'denied');
      throw notFound('Patient not found');
    }
    await auditRequest(deps, request, 'patient.read', `patient:${PatientID}`);
    return { patients };
  };
}
