import { auditRead, auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { notFound } from '#server/http/errors';
import { patientScope } from '#server/scope/recordScope';
import { loadSessions } from '#server/records/sessionRecords';

/** One patient's sessions (docs/spec.md §7 'patientSessions'); a patient outside the caller's scope is 404. */
export function patientSessions(deps: AppDeps): CallHandler<'patientSessions'> {
  return async (request) => {
    const user = currentUser(request);
    const { id } = request.query;
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const patient = await db
      .selectFrom('patients')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => scope(eb.ref('patients.id'), { only: id }))
      .executeTakeFirst();
    if (patient === undefined) {
      await auditRequest(deps, request, 'sessions.list', `patient:${id}`, 'denied');
      throw notFound('Patient not found');
    }
    const sessions = await loadSessions(db, scope, { patientId: id });
    auditRead(deps, request, 'sessions.list', `patient:${id}`);
    return { sessions };
  };
}
