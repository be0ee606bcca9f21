import { randomUUID } from 'node:crypto';
import { APPLICATION_ID } from '#shared/records/patient';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { conflict } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { credentialChange } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { patientColumns } from './patientFields.ts';
import { resolvePatientLinks, writePatientLinks } from './patientLinks.ts';

/** addPatient: a new patient, linked as the caller's role allows (patientLinks.ts). */
export function addPatient(deps: AppDeps): CallHandler<'addPatient'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    const id = input.UniquePatientID ?? randomUUID();
    return audited(deps, request, reply, 'patient.add', `patient:${id}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        if ((await trx.selectFrom('patients').select('id').where('id', '=', id).executeTakeFirst()) !== undefined) {
          throw conflict('A patient with this UniquePatientID already exists');
        }
        const links = await resolvePatientLinks(trx, user, {
          clinicIds: input.ClinicIDs,
          clinicianIds: input.ClinicianIDs,
        });
        const login = await credentialChange(trx, 'patients', { username: input.Username, password: input.Password });
        const version = nextVersion(deps.clock);
        await trx
          .insertInto('patients')
          .values({
            id,
            given_patient_id: input.ID,
            ...patientColumns(input),
            username: login?.username ?? null,
            password_hash: login?.passwordHash ?? null,
            application: input.Application === '' ? APPLICATION_ID : input.Application,
            read_only: 0,
            date_modified: version,
            deleted_at: null,
          })
          .execute();
        await writePatientLinks(trx, id, links);
        return success('addPatient', { UniquePatientID: id, DateModified: version });
      }),
    );
  };
}
