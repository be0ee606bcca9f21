import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { clinicianScope, clinicScope } from '#server/scope/recordScope';

/**
 * Links a clinician to a clinic. The product administrator links any pair. A clinic administrator links only to its
 * own clinic and only a clinician already in its scope: linking brings the clinician's login, and through it the
 * clinician's other patients, within the clinic's reach, so anyone else is linked by the product administrator.
 * A clinician or clinic outside the caller's scope answers exactly as one that does not exist.
 */
export function addClinicianToClinic(deps: AppDeps): CallHandler<'addClinicianToClinic'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { clinicianId, clinicId } = request.body;
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
        return success('addClinicianToClinic', { ClinicianID: clinicianId, DateModified: version });
      }),
    );
  };
}
