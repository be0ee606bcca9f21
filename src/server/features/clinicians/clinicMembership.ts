import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addClinicianToClinicSchema, getClinicFromClinicianSchema } from '#shared/records/clinicianSchemas';
import { audited, auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import { clinicianScope, clinicScope } from '#server/scope/recordScope';
import { loadClinics } from '#server/records/clinicRecords';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';

export const addClinicianToClinicRouteSchema = { body: addClinicianToClinicSchema };
export const getClinicFromClinicianRouteSchema = { querystring: getClinicFromClinicianSchema };

/**
 * Links a clinician to a clinic. The product administrator links any pair. A clinic administrator links only to its
 * own clinic and only a clinician already in its scope: linking brings the clinician's login, and through it the
 * clinician's other patients, within the clinic's reach, so anyone else is linked by the product administrator.
 * A clinician or clinic outside the caller's scope answers exactly as one that does not exist.
 */
export function addClinicianToClinicHandler(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const { clinicianId, clinicId } = request.body as z.output<typeof addClinicianToClinicSchema>;
    return audited(deps, request, reply, 'clinician.joinClinic', `clinician:${clinicianId} clinic:${clinicId}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const clinicians = clinicianScope(trx, user);
        const clinics = clinicScope(trx, user);
        const clinician = await trx
          .selectFrom('clinicians')
          .select(['id', 'date_modified'])
          .where('id', '=', clinicianId)
          .where('deleted_at', 'is', null)
          .where((eb) => clinicians(eb.ref('clinicians.id')))
          .executeTakeFirst();
        const clinic = await trx
          .selectFrom('clinics')
          .select('id')
          .where('id', '=', clinicId)
          .where('deleted_at', 'is', null)
          .where((eb) => clinics(eb.ref('clinics.id')))
          .executeTakeFirst();
        if (clinician === undefined || clinic === undefined) throw notFound('Clinician or clinic not found');
        const version = nextVersion(deps.clock, clinician.date_modified);
        await trx
          .insertInto('clinician_clinics')
          .values({ clinician_id: clinicianId, clinic_id: clinicId })
          .onConflict((oc) => oc.columns(['clinician_id', 'clinic_id']).doNothing())
          .execute();
        // The clinician's record changed (its clinics), so mirrors must fetch it again.
        await trx.updateTable('clinicians').set({ date_modified: version }).where('id', '=', clinicianId).execute();
        return success({ ClinicianID: clinicianId, DateModified: version });
      }),
    );
  };
}

export function getClinicFromClinicianHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { clinicianId } = request.query as z.output<typeof getClinicFromClinicianSchema>;
    const { db } = deps.database;
    const visible = await db
      .selectFrom('clinicians')
      .select('id')
      .where('id', '=', clinicianId)
      .where('deleted_at', 'is', null)
      .where((eb) => clinicianScope(db, user)(eb.ref('clinicians.id')))
      .executeTakeFirst();
    if (visible === undefined) throw notFound('Clinician not found');
    const scope = clinicScope(db, user);
    const clinics = await loadClinics(db, scope);
    const memberOf = await db
      .selectFrom('clinician_clinics')
      .select('clinic_id')
      .where('clinician_id', '=', clinicianId)
      .execute();
    const ids = new Set(memberOf.map((r) => r.clinic_id));
    await auditRequest(deps, request, 'clinician.clinics', `clinician:${clinicianId}`);
    return { clinics: clinics.filter((c) => ids.has(c.ClinicID)) };
  };
}
