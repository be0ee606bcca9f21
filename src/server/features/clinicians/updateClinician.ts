import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { forbidden, notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { clinicianScope } from '#server/scope/recordScope';
import { credentialChange, endOtherSessions } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion, staleEdit } from '#server/records/versions';
import {
  currentClinicianClinics,
  otherClinicOf,
  resolveClinicianClinics,
  writeClinicianClinics,
} from './clinicianLinks.ts';
import { loadClinicians } from '#server/records/clinicianRecords';

export function updateClinician(deps: AppDeps): CallHandler<'updateClinician'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    return audited(deps, request, reply, 'clinician.update', `clinician:${input.ID}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const scope = clinicianScope(trx, user);
        const row = await trx
          .selectFrom('clinicians')
          .selectAll()
          .where('id', '=', input.ID)
          .where('deleted_at', 'is', null)
          .where((eb) => scope(eb.ref('clinicians.id')))
          .executeTakeFirst();
        if (row === undefined) throw notFound('Clinician not found');
        if (row.date_modified !== input.DateModified) throw staleEdit((await loadClinicians(trx, scope, row.id))[0]);
        const clinicIds = await resolveClinicianClinics(
          trx,
          user,
          input.ClinicIDs,
          await currentClinicianClinics(trx, row.id),
        );
        // One's own password changes only through Change Password, which asks for the current one.
        if (user.role === 'clinician' && input.Password !== '') {
          throw forbidden('Change your own password with Change Password, which asks for the current one.');
        }
        // A clinician who also works for another clinic logs in to that clinic's patients too: a clinic
        // administrator who set their login would reach another clinic's records, so only the product admin may.
        const credentials = input.Username !== '' || input.Password !== '';
        if (user.role === 'clinic' && credentials && (await otherClinicOf(trx, row.id, user.id)) !== undefined) {
          throw forbidden(
            'Only the product administrator can change the login of a clinician who works for several clinics.',
          );
        }
        const login = await credentialChange(
          trx,
          'clinicians',
          { username: input.Username, password: input.Password },
          { id: row.id, hasPassword: row.password_hash !== null },
        );
        const version = nextVersion(deps.clock, row.date_modified);
        const updated = await trx
          .updateTable('clinicians')
          .set({
            forename: input.Forename,
            surname: input.Surname,
            contact_number: input.ContactNumber,
            email: input.Email,
            password_hint: input.PasswordHint,
            ...(user.role === 'admin' && input.ElevatedAccess !== undefined
              ? { elevated_access: input.ElevatedAccess ? 1 : 0 }
              : {}),
            ...(login === undefined ? {} : { username: login.username }),
            ...(login?.passwordHash ? { password_hash: login.passwordHash } : {}),
            date_modified: version,
          })
          .where('id', '=', row.id)
          .where('date_modified', '=', row.date_modified)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw staleEdit((await loadClinicians(trx, scope, row.id))[0]);
        await writeClinicianClinics(trx, row.id, clinicIds, version);
        if (login?.passwordHash) await endOtherSessions(trx, deps, request, { id: row.id, role: 'clinician' });
        return success('updateClinician', { ClinicianID: row.id, DateModified: version });
      }),
    );
  };
}
