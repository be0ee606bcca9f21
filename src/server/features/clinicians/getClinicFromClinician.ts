import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { loadClinics } from '#server/records/clinicRecords';
import { clinicianScope, clinicScope } from '#server/scope/recordScope';

/** getClinicFromClinician: the clinics of a clinician in the caller's scope, as far as the caller may see them. */
export function getClinicFromClinician(deps: AppDeps): CallHandler<'getClinicFromClinician'> {
  return async (request) => {
    const user = currentUser(request);
    const { clinicianId } = request.query;
    const { db } = deps.database;
    const visible = await db
      .selectFrom('clinicians')
      .select('id')
      .where('id', '=', clinicianId)
      .where('deleted_at', 'is', null)
      .where((eb) => clinicianScope(db, user)(eb.ref('clinicians.id')))
      .executeTakeFirst();
    if (visible === undefined) throw notFound('Clinician not found');
    const clinics = await loadClinics(db, clinicScope(db, user));
    const memberOf = await db
      .selectFrom('clinician_clinics')
      .select('clinic_id')
      .where('clinician_id', '=', clinicianId)
      .execute();
    const ids = new Set(memberOf.map((r) => r.clinic_id));
    await auditRequest(deps, request, 'clinician.clinics', `clinician:${clinicianId}`);
    return { clinics: clinics.filter((c) => ids.has(c.ClinicID)) };
  };
}
