import { randomUUID } from 'node:crypto';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { conflict } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { credentialChange } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { resolveClinicianClinics, writeClinicianClinics } from './clinicianLinks.ts';

export function addClinician(deps: AppDeps): CallHandler<'addClinician'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    const id = input.ClinicianID ?? randomUUID();
    return audited(deps, request, reply, 'clinician.add', `clinician:${id}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        if ((await trx.selectFrom('clinicians').select('id').where('id', '=', id).executeTakeFirst()) !== undefined) {
          throw conflict('A clinician with this ClinicianID already exists');
        }
        const clinicIds = await resolveClinicianClinics(trx, user, input.ClinicIDs);
        const login = await credentialChange(trx, 'clinicians', { username: input.Username, password: input.Password });
        const version = nextVersion(deps.clock);
        await trx
          .insertInto('clinicians')
          .values({
            id,
            forename: input.Forename,
            surname: input.Surname,
            contact_number: input.ContactNumber,
            email: input.Email,
            username: login?.username ?? null,
            password_hash: login?.passwordHash ?? null,
            password_hint: input.PasswordHint,
            elevated_access: user.role === 'admin' && input.ElevatedAccess === true ? 1 : 0,
            date_modified: version,
            deleted_at: null,
          })
          .execute();
        await writeClinicianClinics(trx, id, clinicIds, version);
        return success('addClinician', { ClinicianID: id, DateModified: version });
      }),
    );
  };
}
