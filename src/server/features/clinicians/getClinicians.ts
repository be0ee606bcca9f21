import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { modifiedSinceSchema } from '#shared/records/sync';
import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { clinicianScope } from '#server/scope/recordScope';
import { tombstones } from '#server/records/tombstones';
import { loadClinicians } from '#server/records/clinicianRecords';

export const getCliniciansSchema = {
  querystring: z.object({
    UserType: userTypeSchema.optional(),
    includeExtraInfo: z.string().optional(),
    modifiedSince: modifiedSinceSchema,
  }),
};

export const getClinicianSchema = {
  querystring: z.object({
    id: z.string({ error: 'id not specified' }).min(1, 'id not specified').max(100, 'id is too long'),
    UserType: userTypeSchema.optional(),
    includeExtraInfo: z.string().optional(),
  }),
};

export function getCliniciansHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query as z.infer<typeof getCliniciansSchema.querystring>;
    const serverTime = deps.clock().toISOString();
    const { db } = deps.database;
    const scope = clinicianScope(db, user);
    const clinicians = await loadClinicians(db, scope, undefined, modifiedSince);
    const deleted = await tombstones(db, 'clinicians', scope, modifiedSince);
    const read = clinicians.map((c) => c.ClinicianID);
    await auditRequest(deps, request, 'clinicians.list', listTarget('clinicians', read, modifiedSince));
    return { clinicians, deleted, serverTime };
  };
}

export function getClinicianHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { id } = request.query as z.infer<typeof getClinicianSchema.querystring>;
    const clinicians = await loadClinicians(deps.database.db, clinicianScope(deps.database.db, user), id);
    if (clinicians.length === 0) {
      await auditRequest(deps, request, 'clinician.read', `clinician:${id}`, 'denied');
      throw notFound('Clinician not found');
    }
    await auditRequest(deps, request, 'clinician.read', `clinician:${id}`);
    return { clinicians };
  };
}
