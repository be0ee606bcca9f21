import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { patientSessionsQuerySchema } from '#shared/sessions/sessionSchemas';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { patientScope } from '#server/scope/recordScope';
import { loadSessions } from '#server/records/sessionRecords';

export const patientSessionsSchema = { querystring: patientSessionsQuerySchema };

/** One patient's sessions (spec §7 'patientSessions'); a patient outside the caller's scope is 404. */
export function patientSessionsHandler(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { id } = request.query as z.infer<typeof patientSessionsQuerySchema>;
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const patient = await db
      .selectFrom('patients')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => scope(eb.ref('patients.id')))
      .executeTakeFirst();
    if (patient === undefined) {
      await auditRequest(deps, request, 'sessions.list', `patient:${id}`, 'denied');
      throw notFound('Patient not found');
    }
    const sessions = await loadSessions(db, scope, { patientId: id });
    await auditRequest(deps, request, 'sessions.list', `patient:${id}`);
    return { sessions };
  };
}
