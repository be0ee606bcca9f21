import { MESSAGES } from '#shared/messages';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { conflict, forbidden, notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { patientScope } from '#server/scope/recordScope';
import { deleteAccount } from '#server/records/deleteAccount';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';

/**
 * Deletes a patient by leaving a tombstone (so client mirrors learn of it) and freeing the username.
 * The links stay, so the tombstone reaches exactly the users who could see the patient.
 */
export function removePatient(deps: AppDeps): CallHandler<'removePatient'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { PatientID } = request.body;
    return audited(deps, request, reply, 'patient.remove', `patient:${PatientID}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const scope = patientScope(trx, user);
        const row = await trx
          .selectFrom('patients')
          .select(['id', 'read_only', 'date_modified'])
          .where('id', '=', PatientID)
          .where('deleted_at', 'is', null)
          .where((eb) => scope(eb.ref('patients.id'), { only: PatientID }))
          .executeTakeFirst();
        if (row === undefined) throw notFound('Patient not found');
        if (row.read_only === 1) throw forbidden(MESSAGES.readOnlyPatient);
        // Recordings are clinical data: a patient who has any is not deleted (docs/spec.md §8 delete failure).
        const recorded = await trx
          .selectFrom('sub_sessions')
          .innerJoin('sessions', 'sessions.id', 'sub_sessions.session_id')
          .select('sub_sessions.id')
          .where('sessions.patient_id', '=', row.id)
          .where('sub_sessions.deleted_at', 'is', null)
          .executeTakeFirst();
        if (recorded !== undefined) throw conflict('The patient has recorded sessions and cannot be deleted.');
        const version = nextVersion(deps.clock, row.date_modified);
        await deleteAccount(trx, 'patient', row.id, version);
        return success('removePatient', { UniquePatientID: row.id, DateModified: version });
      }),
    );
  };
}
