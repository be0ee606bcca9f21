import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { removeClinicianSchema } from '#shared/records/clinicianSchemas';
import { audited } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { conflict, notFound } from '#server/http/errors';
import { idempotentWrite } from '#server/http/idempotency';
import { clinicianScope } from '#server/scope/recordScope';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';

export const removeClinicianRouteSchema = { body: removeClinicianSchema };

/** Deletes a clinician (tombstone) once no living patient is linked to them (spec §8). */
export function removeClinicianHandler(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const { ClinicianID } = request.body as z.output<typeof removeClinicianSchema>;
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
        const patient = await trx
          .selectFrom('patient_clinicians')
          .innerJoin('patients', 'patients.id', 'patient_clinicians.patient_id')
          .select('patients.id')
          .where('clinician_id', '=', row.id)
          .where('patients.deleted_at', 'is', null)
          .executeTakeFirst();
        if (patient !== undefined) throw conflict('The clinician still has patients');
        const version = nextVersion(deps.clock, row.date_modified);
        await trx
          .updateTable('clinicians')
          .set({ deleted_at: version, date_modified: version, username: null, password_hash: null })
          .where('id', '=', row.id)
          .execute();
        await trx
          .updateTable('access_tokens')
          .set({ revoked_at: version })
          .where('role', '=', 'clinician')
          .where('user_id', '=', row.id)
          .where('revoked_at', 'is', null)
          .execute();
        return success({ ClinicianID: row.id, DateModified: version });
      }),
    );
  };
}
