import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { auditRequest } from '../../audit/requestAudit.ts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { clinicScope } from '../../scope/recordScope.ts';
import { loadClinics } from './clinicRecords.ts';

export const getClinicsSchema = { querystring: z.object({ UserType: userTypeSchema.optional() }) };

export const getClinicSchema = {
  querystring: z.object({
    id: z.string({ error: 'id not specified' }).min(1, 'id not specified').max(100, 'id is too long'),
    UserType: userTypeSchema.optional(),
  }),
};

export function getClinicsHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const clinics = await loadClinics(deps.database.db, clinicScope(deps.database.db, user));
    await auditRequest(deps, request, 'clinics.list', `${clinics.length} clinics`);
    return { clinics };
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
