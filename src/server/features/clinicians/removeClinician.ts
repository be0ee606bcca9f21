import type { AuthUser } from '#server/auth/tokens';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { conflict, notFound } from '#server/http/errors';
import { idempotentWrite, type Trx } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { deleteAccount } from '#server/records/deleteAccount';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { clinicianScope } from '#server/scope/recordScope';
import { leaveClinic, otherClinicOf } from './clinicianLinks.ts';

/** Whether a living patient is linked to the clinician: all patients, or only the patients of one clinic. */
async function hasPatients(trx: Trx, clinicianId: string, ofClinic?: string): Promise<boolean> {
  let query = trx
    .selectFrom('patient_clinicians')
    .innerJoin('patients', 'patients.id', 'patient_clinicians.patient_id')
    .select('patients.id')
    .where('clinician_id', '=', clinicianId)
    .where('patients.deleted_at', 'is', null);
  if (ofClinic !== undefined) {
    query = query.where('patients.id', 'in', (eb) =>
      eb.selectFrom('patient_clinics').select('patient_id').where('clinic_id', '=', ofClinic),
    );
  }
  return (await query.executeTakeFirst()) !== undefined;
}

/** A clinic administrator removing a clinician who also works for another clinic: only its own clinic lets go. */
const leavesClinicOnly = async (trx: Trx, user: AuthUser, clinicianId: string) =>
  user.role === 'clinic' && (await otherClinicOf(trx, clinicianId, user.id)) !== undefined;

/**
 * removeClinician (docs/api-records.md, 'Removing a clinician'). The product administrator deletes the clinician.
 * A clinic administrator removes the clinician from its own clinic: a clinician who works for no other clinic is
 * deleted, one who also works for another stays there with their login, since that clinic's patients and records
 * are not the caller's to take away. Refused (409) while the clinician has patients the removal would leave behind:
 * any patient for a deletion, this clinic's patients when the clinician only leaves it.
 */
export function removeClinician(deps: AppDeps): CallHandler<'removeClinician'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { ClinicianID } = request.body;
    return audited(deps, request, reply, 'clinician.remove', `clinician:${ClinicianID}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const scope = clinicianScope(trx, user);
        const row = await trx
          .selectFrom('clinicians')
          .select(['id', 'date_modified'])
          .where('id', '=', ClinicianID)
          .where('deleted_at', 'is', null)
          .where((eb) => scope(eb.ref('clinicians.id')))
          .executeTakeFirst();
        if (row === undefined) throw notFound('Clinician not found');
        const version = nextVersion(deps.clock, row.date_modified);
        if (await leavesClinicOnly(trx, user, row.id)) {
          if (await hasPatients(trx, row.id, user.id))
            throw conflict('The clinician still has patients of this clinic');
          await leaveClinic(trx, row.id, user.id, version);
          // Their clinics changed, so the other clinics' mirrors fetch the record again.
          await trx.updateTable('clinicians').set({ date_modified: version }).where('id', '=', row.id).execute();
          return success('removeClinician', { ClinicianID: row.id, DateModified: version, Removed: 'fromClinic' });
        }
        if (await hasPatients(trx, row.id)) throw conflict('The clinician still has patients');
        await deleteAccount(trx, 'clinician', row.id, version);
        return success('removeClinician', { ClinicianID: row.id, DateModified: version, Removed: 'deleted' });
      }),
    );
  };
}
