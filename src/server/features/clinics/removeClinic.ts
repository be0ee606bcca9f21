import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { conflict, notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { deleteAccount } from '#server/records/deleteAccount';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';

/** removeClinic: deletes a clinic (a tombstone) once no living clinician or patient belongs to it (docs/spec.md §8). */
export function removeClinic(deps: AppDeps): CallHandler<'removeClinic'> {
  return async (request, reply) => {
    const { ClinicID } = request.body;
    return audited(deps, request, reply, 'clinic.remove', `clinic:${ClinicID}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const row = await trx
          .selectFrom('clinics')
          .select(['id', 'date_modified'])
          .where('id', '=', ClinicID)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (row === undefined) throw notFound('Clinic not found');
        const clinician = await trx
          .selectFrom('clinician_clinics')
          .innerJoin('clinicians', 'clinicians.id', 'clinician_clinics.clinician_id')
          .select('clinicians.id')
          .where('clinic_id', '=', row.id)
          .where('clinicians.deleted_at', 'is', null)
          .executeTakeFirst();
        const patient = await trx
          .selectFrom('patient_clinics')
          .innerJoin('patients', 'patients.id', 'patient_clinics.patient_id')
          .select('patients.id')
          .where('clinic_id', '=', row.id)
          .where('patients.deleted_at', 'is', null)
          .executeTakeFirst();
        if (clinician !== undefined || patient !== undefined) {
          throw conflict('The clinic still has clinicians or patients');
        }
        const version = nextVersion(deps.clock, row.date_modified);
        await deleteAccount(trx, 'clinic', row.id, version);
        return success('removeClinic', { ClinicID: row.id, DateModified: version });
      }),
    );
  };
}
