import { MESSAGES } from '#shared/messages';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { forbidden, notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { patientScope } from '#server/scope/recordScope';
import { credentialChange, endOtherSessions } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion, staleEdit } from '#server/records/versions';
import { patientColumns } from './patientFields.ts';
import { currentPatientLinks, resolvePatientLinks, writePatientLinks } from './patientLinks.ts';
import { loadPatients } from '#server/records/patientRecords';

/** Edits a patient in the caller's scope, only from the version the editor saw (409 otherwise); ReadOnly is final. */
export function updatePatient(deps: AppDeps): CallHandler<'updatePatient'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    return audited(deps, request, reply, 'patient.update', `patient:${input.ID}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const scope = patientScope(trx, user);
        const row = await trx
          .selectFrom('patients')
          .selectAll()
          .where('id', '=', input.ID)
          .where('deleted_at', 'is', null)
          .where((eb) => scope(eb.ref('patients.id'), { only: input.ID }))
          .executeTakeFirst();
        if (row === undefined) throw notFound('Patient not found');
        if (row.read_only === 1) throw forbidden(MESSAGES.readOnlyPatient);
        if (row.date_modified !== input.DateModified) throw staleEdit((await loadPatients(trx, scope, row.id))[0]);

        const links = await resolvePatientLinks(
          trx,
          user,
          { clinicIds: input.ClinicIDs, clinicianIds: input.ClinicianIDs },
          await currentPatientLinks(trx, row.id),
        );
        const login = await credentialChange(
          trx,
          'patients',
          { username: input.Username, password: input.Password },
          { id: row.id, hasPassword: row.password_hash !== null },
        );
        const version = nextVersion(deps.clock, row.date_modified);
        const updated = await trx
          .updateTable('patients')
          .set({
            given_patient_id: input.GivenPatientID,
            ...patientColumns(input),
            ...(login === undefined ? {} : { username: login.username }),
            ...(login?.passwordHash ? { password_hash: login.passwordHash } : {}),
            date_modified: version,
          })
          .where('id', '=', row.id)
          .where('date_modified', '=', row.date_modified)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw staleEdit((await loadPatients(trx, scope, row.id))[0]);
        await writePatientLinks(trx, row.id, links);
        if (login?.passwordHash) await endOtherSessions(trx, deps, request, { id: row.id, role: 'patient' });
        return success('updatePatient', { UniquePatientID: row.id, DateModified: version });
      }),
    );
  };
}
