import { randomUUID } from 'node:crypto';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { conflict } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { credentialChange } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { clinicColumns } from './clinicColumns.ts';

/** addClinic: a new clinic, with its administrator's login when the form's login details were ticked. */
export function addClinic(deps: AppDeps): CallHandler<'addClinic'> {
  return async (request, reply) => {
    const input = request.body;
    const id = input.ClinicID ?? randomUUID();
    return audited(deps, request, reply, 'clinic.add', `clinic:${id}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        if ((await trx.selectFrom('clinics').select('id').where('id', '=', id).executeTakeFirst()) !== undefined) {
          throw conflict('A clinic with this ClinicID already exists');
        }
        const login = await credentialChange(trx, 'clinics', {
          username: input.AdminUsername,
          password: input.AdminPassword,
        });
        const version = nextVersion(deps.clock);
        await trx
          .insertInto('clinics')
          .values({
            id,
            ...clinicColumns(input),
            group_name: input.ClinicGroupName,
            admin_username: login?.username ?? null,
            admin_password_hash: login?.passwordHash ?? null,
            admin_hint: input.AdminHint,
            date_modified: version,
            deleted_at: null,
          })
          .execute();
        return success('addClinic', { ClinicID: id, DateModified: version });
      }),
    );
  };
}
