import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import type { CallHandler } from '#server/http/serveCall';
import { toClinic } from '#server/records/clinicRecords';
import { credentialChange, endOtherSessions } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion, staleEdit } from '#server/records/versions';
import { clinicColumns } from './clinicColumns.ts';

/** updateClinic: edits a clinic, only from the version the editor saw (409 with the current record otherwise). */
export function updateClinic(deps: AppDeps): CallHandler<'updateClinic'> {
  return async (request, reply) => {
    const input = request.body;
    return audited(deps, request, reply, 'clinic.update', `clinic:${input.ID}`, () =>
      idempotentWrite(deps, request, reply, async (trx) => {
        const row = await trx
          .selectFrom('clinics')
          .selectAll()
          .where('id', '=', input.ID)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (row === undefined) throw notFound('Clinic not found');
        if (row.date_modified !== input.DateModified) throw staleEdit(toClinic(row));
        const login = await credentialChange(
          trx,
          'clinics',
          { username: input.AdminUsername, password: input.AdminPassword },
          { id: row.id, hasPassword: row.admin_password_hash !== null },
        );
        const version = nextVersion(deps.clock, row.date_modified);
        const updated = await trx
          .updateTable('clinics')
          .set({
            ...clinicColumns(input),
            ...(login === undefined ? {} : { admin_username: login.username }),
            ...(login?.passwordHash ? { admin_password_hash: login.passwordHash } : {}),
            date_modified: version,
          })
          .where('id', '=', row.id)
          .where('date_modified', '=', row.date_modified)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw staleEdit(toClinic(row));
        if (login?.passwordHash) await endOtherSessions(trx, deps, request, { id: row.id, role: 'clinic' });
        return success('updateClinic', { ClinicID: row.id, DateModified: version });
      }),
    );
  };
}
