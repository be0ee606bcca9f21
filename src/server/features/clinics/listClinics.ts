import { NEXT_CURSOR_HEADER } from '#shared/records/pageLimits';
import { listTarget } from '#server/audit/listTarget';
import { auditRead } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinics } from '#server/records/clinicRecords';
import { readListingPage } from '#server/records/listingPage';
import { tombstones } from '#server/records/tombstones';
import { clinicScope } from '#server/scope/recordScope';

/** clinics: the clinics the caller may see, whole or as a delta with tombstones, a page at a time in id order. */
export function listClinics(deps: AppDeps): CallHandler<'clinics'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { modifiedSince } = request.query;
    const { db } = deps.database;
    const scope = clinicScope(db, user);
    const page = await readListingPage(request.query, deps.clock, {
      rows: (afterId, limit) => loadClinics(db, scope, undefined, modifiedSince, { afterId, limit }),
      keyOf: (row) => row.ClinicID,
      tombstones: (since, afterId, limit) => tombstones(db, 'clinics', scope, since, { afterId, limit }),
    });
    const read = page.rows.map((c) => c.ClinicID);
    auditRead(deps, request, 'clinics.list', listTarget('clinics', read, modifiedSince));
    if (page.nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    const { serverTime, nextCursor } = page;
    return { clinics: page.rows, deleted: page.deleted, serverTime, nextCursor };
  };
}
