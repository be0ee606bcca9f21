import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { modifiedSinceSchema } from '#shared/records/sync';
import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { clinicScope } from '#server/scope/recordScope';
import { tombstones } from '#server/records/tombstones';
import { loadClinics } from '#server/records/clinicRecords';

export const getClinicsSchema = {
  querystring: z.object({ UserType: userTypeSchema.optional(), modifiedSince: modifiedSinceSchema }),
};

export const getClinicSchema = {
  querystring: z.object({
    id: z.string({ error: 'id not specified' }).min(1, 'id not specified').max(100, 'id is too long'),
    UserType: userTypeSchema.optional(),
  }),
};

export function getClinicsHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query as z.infer<typeof getClinicsSchema.querystring>;
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

export function getClinicHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { id } = request.query as z.infer<typeof getClinicSchema.querystring>;
    const clinics = await loadClinics(deps.database.db, clinicScope(deps.database.db, user), id);
    if (clinics.length === 0) {
      await auditRequest(deps, request, 'clinic.read', `clinic:${id}`, 'denied');
      throw notFound('Clinic not found');
    }
    await auditRequest(deps, request, 'clinic.read', `clinic:${id}`);
    return { clinics };
  };
}
