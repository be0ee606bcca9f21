import { NEXT_CURSOR_HEADER } from '#shared/records/pageLimits';
import { listTarget } from '#server/audit/listTarget';
import { auditRead } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinicians } from '#server/records/clinicianRecords';
import { readListingPage } from '#server/records/listingPage';
import { clinicianTombstones } from '#server/records/tombstones';
import { clinicianScope } from '#server/scope/recordScope';

/** clinicians: the clinicians the caller may see, whole or as a delta with tombstones, a page at a time in id order. */
export function listClinicians(deps: AppDeps): CallHandler<'clinicians'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const { db } = deps.database;
    const scope = clinicianScope(db, user);
    const page = await readListingPage(request.query, deps.clock, {
      rows: (afterId, limit) => loadClinicians(db, scope, undefined, modifiedSince, { afterId, limit }),
      keyOf: (row) => row.ClinicianID,
      tombstones: (since, afterId, limit) => clinicianTombstones(db, user, scope, since, { afterId, limit }),
    });
    const read = page.rows.map((c) => c.ClinicianID);
    auditRead(deps, request, 'clinicians.list', listTarget('clinicians', read, modifiedSince));
    if (page.nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    const { serverTime, nextCursor } = page;
    return { clinicians: page.rows, deleted: page.deleted, serverTime, nextCursor };
  };
}
