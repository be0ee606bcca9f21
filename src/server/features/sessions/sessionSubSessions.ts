import { auditRead, auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { notFound } from '#server/http/errors';
import { patientScope } from '#server/scope/recordScope';
import { loadSessions } from '#server/records/sessionRecords';

/**
 * One session's sub-sessions by SessionID ('session'), read in the caller's scope like every recording: a session
 * outside it and one that does not exist are the same 404.
 */
export function sessionSubSessions(deps: AppDeps): CallHandler<'session'> {
  return async (request) => {
    const user = currentUser(request);
    const { id } = request.query;
    const { db } = deps.database;
    const sessions = await loadSessions(db, patientScope(db, user), { sessionId: id });
    if (sessions.length === 0) {
      await auditRequest(deps, request, 'sessions.list', `session:${id}`, 'denied');
      throw notFound('Session not found');
    }
    // Sessions are read as the patient's records they are.
    auditRead(deps, request, 'sessions.list', `patient:${sessions[0]?.UniquePatientID ?? ''}`);
    return { sessions };
  };
}
