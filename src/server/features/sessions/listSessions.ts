import { NEXT_CURSOR_HEADER } from '#shared/records/pageLimits';
import type { Session } from '#shared/sessions/session';
import { listTarget } from '#server/audit/listTarget';
import { auditRead } from '#server/audit/requestAudit';
import type { AuthUser } from '#server/auth/tokens';
import type { AppDeps } from '#server/deps';
import { badRequest } from '#server/http/errors';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { readListingPage } from '#server/records/listingPage';
import type { SessionKey } from '#server/records/sessionQuery';
import { loadSessionPage, type PageOrder, type PatientWindow } from '#server/records/sessionRecords';
import { sessionTombstones } from '#server/records/sessionTombstones';
import { patientScope, patientScopeWindowEnd } from '#server/scope/recordScope';
import { asSubSessionId } from '#shared/ids/ids';

/** A clinic's and a clinician's pages run by patient, then recording (SessionKey); the others by recording. */
const pagesByPatient = (user: AuthUser) => user.role === 'clinic' || user.role === 'clinician';

function keyText(session: Session, byPatient: boolean): string {
  return byPatient ? JSON.stringify([session.UniquePatientID, session.SubSessionID]) : session.SubSessionID;
}

function parseKey(text: string | undefined, byPatient: boolean): SessionKey | undefined {
  if (text === undefined) return undefined;
  if (!byPatient) return { subSessionId: asSubSessionId(text) };
  let parts: unknown;
  try {
    parts = JSON.parse(text);
  } catch {
    throw badRequest('cursor is not valid');
  }
  const [patientId, subSessionId] = Array.isArray(parts) ? (parts as unknown[]) : [];
  if (typeof patientId !== 'string' || typeof subSessionId !== 'string') throw badRequest('cursor is not valid');
  return { patientId, subSessionId: asSubSessionId(subSessionId) };
}

/**
 * The sessions the caller may see (docs/spec.md §7 'sessions'), whole or as a delta with tombstones, a page at a time: the
 * rows in key order, then (for a delta) the tombstones, a page holding up to `limit` of both. Each page is read in
 * the caller's scope and audited on its own.
 */
export function listSessions(deps: AppDeps): CallHandler<'sessions'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const { db } = deps.database;
    const byPatient = pagesByPatient(user);
    // On PostgreSQL a whole listing walks the scope a window of patients at a time: it would otherwise gather and sort
    // the whole scope (10,000 patients) for every page, where SQLite walks its sorted IN list and stops after the page.
    // A delta starts from the few changed rows either way. A window's patients are found from the scope's lists by
    // primary key (ScopeForm 'array').
    const windowed = deps.database.kind === 'postgres' && modifiedSince === undefined;
    const scope = patientScope(db, user, windowed ? 'array' : 'in');
    const window: PatientWindow | undefined = windowed
      ? (from, size) => patientScopeWindowEnd(db, user, from, size)
      : undefined;
    const order: PageOrder = byPatient ? { byPatient, window } : { byPatient };
    const page = await readListingPage(request.query, deps.clock, {
      rows: (after, limit) =>
        loadSessionPage(db, scope, { modifiedSince, after: parseKey(after, byPatient) }, limit, order),
      keyOf: (row) => keyText(row, byPatient),
      tombstones: (since, afterId, limit) =>
        sessionTombstones(db, scope, since, {
          afterId: afterId === undefined ? undefined : asSubSessionId(afterId),
          limit,
        }),
    });
    // Sessions are read as the patients' records they are: the row names those patients.
    const read = page.rows.map((s) => s.UniquePatientID);
    auditRead(deps, request, 'sessions.list', listTarget('patients', read, modifiedSince));
    if (page.nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return { sessions: page.rows, deleted: page.deleted, serverTime: page.serverTime, nextCursor: page.nextCursor };
  };
}
