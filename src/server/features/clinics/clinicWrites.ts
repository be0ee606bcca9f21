import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addClinicSchema, removeClinicSchema, updateClinicSchema } from '#shared/records/clinicSchemas';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { conflict, notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import { credentialChange, endOtherSessions } from '#server/records/credentials';
import { success } from '#server/records/mutationResult';
import { nextVersion, staleEdit } from '#server/records/versions';
import { toClinic } from '#server/records/clinicRecords';

export const addClinicRouteSchema = { body: addClinicSchema };
export const updateClinicRouteSchema = { body: updateClinicSchema };
export const removeClinicRouteSchema = { body: removeClinicSchema };

type ClinicInput = z.output<typeof updateClinicSchema>;

const clinicColumns = (input: ClinicInput | z.output<typeof addClinicSchema>) => ({
  name: input.ClinicOrgCompName,
  address: input.ClinicOrgCompAddress,
  contact_forename: input.ClinicContactForename,
  contact_surname: input.ClinicContactSurname,
  contact_number: input.ClinicContactNumber,
  contact_email: input.ClinicContactEmail,
  notes: input.Notes,
});

// Only the product administrator manages clinics (spec §6); routes.ts restricts these calls to the admin.
export function addClinicHandler(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input = request.body as z.output<typeof addClinicSchema>;
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
        return success({ ClinicID: id, DateModified: version });
      }),
    );
  };
}

export function updateClinicHandler(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input = request.body as ClinicInput;
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
        return success({ ClinicID: row.id, DateModified: version });
      }),
    );
  };
}

/** Deletes a clinic (tombstone) once no living clinician or patient belongs to it (spec §8). */
export function removeClinicHandler(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { ClinicID } = request.body as z.output<typeof removeClinicSchema>;
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
        if (clinician !== undefined || patient !== undefined)
          throw conflict('The clinic still has clinicians or patients');
        const version = nextVersion(deps.clock, row.date_modified);
        await trx
          .updateTable('clinics')
          .set({ deleted_at: version, date_modified: version, admin_username: null, admin_password_hash: null })
          .where('id', '=', row.id)
          .execute();
        await trx
          .updateTable('access_tokens')
          .set({ revoked_at: version })
          .where('role', '=', 'clinic')
          .where('user_id', '=', row.id)
          .where('revoked_at', 'is', null)
          .execute();
        return success({ ClinicID: row.id, DateModified: version });
      }),
    );
  };
}
