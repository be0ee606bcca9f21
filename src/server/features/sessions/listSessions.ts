import { PAGE_LIMIT_DEFAULT } from '#shared/records/paging';
import type { Tombstone } from '#shared/records/sync';
import type { Session } from '#shared/sessions/session';
import { listTarget } from '#server/audit/listTarget';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { decodeCursor, encodeCursor, type PageCursor } from '#server/records/pageCursor';
import { loadSessionPage } from '#server/records/sessionRecords';
import { sessionTombstones } from '#server/records/sessionTombstones';
import { patientScope } from '#server/scope/recordScope';

type Page = { sessions: Session[]; deleted: Tombstone[]; next: PageCursor | null };

/**
 * The sessions the caller may see (docs/spec.md §7 'sessions'), whole or as a delta with tombstones, a page at a time: the
 * rows in SubSessionID order, then (for a delta) the tombstones, a page holding up to `limit` of both. Each page is
 * read in the caller's scope and audited on its own.
 */
export function listSessions(deps: AppDeps): CallHandler<'sessions'> {
  return async (request) => {
    const user = currentUser(request);
    const { modifiedSince, limit = PAGE_LIMIT_DEFAULT } = request.query;
    const cursor = request.query.cursor === undefined ? undefined : decodeCursor(request.query.cursor);
    // Fixed by the first page: a row changed while the client pages is newer than this, so the next delta has it.
    const serverTime = cursor?.serverTime ?? deps.clock().toISOString();
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const page: Page = { sessions: [], deleted: [], next: null };
    let tombstonesAfter: string | undefined = cursor?.phase === 'deleted' ? cursor.after : undefined;
    if (cursor === undefined || cursor.phase === 'rows') {
      const rows = await loadSessionPage(db, scope, { modifiedSince, afterId: cursor?.after }, limit + 1);
      page.sessions = rows.slice(0, limit);
      const last = page.sessions.at(-1);
      if (rows.length > limit && last !== undefined) {
        page.next = { serverTime, phase: 'rows', after: last.SubSessionID };
      }
      tombstonesAfter = '';
    }
    const room = limit - page.sessions.length;
    if (page.next === null && modifiedSince !== undefined) {
      if (room === 0) page.next = { serverTime, phase: 'deleted', after: tombstonesAfter ?? '' };
      else {
        const after = tombstonesAfter === '' ? undefined : tombstonesAfter;
        const found = await sessionTombstones(db, scope, modifiedSince, { afterId: after, limit: room + 1 });
        page.deleted = found.slice(0, room);
        const last = page.deleted.at(-1);
        if (found.length > room && last !== undefined) page.next = { serverTime, phase: 'deleted', after: last.id };
      }
    }
    // Sessions are read as the patients' records they are: the row names those patients.
    const read = page.sessions.map((s) => s.UniquePatientID);
    await auditRequest(deps, request, 'sessions.list', listTarget('patients', read, modifiedSince));
    const nextCursor = page.next === null ? null : encodeCursor(page.next);
    return { sessions: page.sessions, deleted: page.deleted, serverTime, nextCursor };
  };
}
