import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { ICD_TREE } from '#shared/codes/icd';
import { ICF_TREE } from '#shared/codes/icf';
import { modifiedSinceSchema } from '#shared/records/sync';
import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { patientScope } from '#server/scope/recordScope';
import { tombstones } from '#server/records/tombstones';
import { loadPatients } from '#server/records/patientRecords';

export const listPatientsSchema = {
  querystring: z.object({
    UserType: userTypeSchema.optional(),
    includeExtraInfo: z.string().optional(),
    modifiedSince: modifiedSinceSchema,
  }),
};

/** The patients the caller may see (spec §7 'patients'), whole or as a delta with tombstones. */
export function listPatientsHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { includeExtraInfo, modifiedSince } = request.query as z.infer<typeof listPatientsSchema.querystring>;
    const serverTime = deps.clock().toISOString();
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const patients = await loadPatients(db, scope, { modifiedSince });
    const deleted = await tombstones(db, 'patients', scope, modifiedSince);
    const read = patients.map((p) => p.UniquePatientID);
    await auditRequest(deps, request, 'patients.list', listTarget('patients', read, modifiedSince));
    const extra = includeExtraInfo === 'true' ? { ICD_Tree: ICD_TREE, ICF_Tree: ICF_TREE } : {};
    return { patients, deleted, serverTime, ...extra };
  };
}
