import { randomUUID } from 'node:crypto';
import { fhirBundle, type FhirSessionInput } from '#shared/exports/fhirBundle';
import { selectionFileName } from '#shared/exports/downloadNames';
import { auditRequest } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { asAttachment } from '#server/http/attachment';
import { currentUser } from '#server/http/authenticate';
import { HttpError, notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { patientScope } from '#server/scope/recordScope';
import type { ExportRunner } from './exportRunner.ts';
import { exportJobOf, exportSubjects } from './exportSources.ts';

/**
 * A patient's FHIR R4 Bundle (docs/export-formats.md): the Patient and one Observation per gait measure and
 * sub-session the caller may see. A patient outside the caller's scope is not found, like one that does not exist.
 */
export function exportPatientFhir(deps: SessionDeps, runner: ExportRunner): CallHandler<'exportPatientFhir'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { UniquePatientID } = request.params;
    const { db } = deps.database;
    const scope = patientScope(db, user);
    const patient = await db
      .selectFrom('patients as p')
      .select([
        'p.given_patient_id',
        'p.forename',
        'p.surname',
        'p.sex',
        'p.dob',
        'p.height_cm',
        'p.weight_kg',
        'p.date_modified',
      ])
      .where('p.id', '=', UniquePatientID)
      .where('p.deleted_at', 'is', null)
      .where((eb) => scope(eb.ref('p.id'), { only: UniquePatientID }))
      .executeTakeFirst();
    if (patient === undefined) {
      await auditRequest(deps, request, 'patient.exportFhir', `patient:${UniquePatientID}`, 'denied');
      throw notFound('Patient not found');
    }
    const subjects = await exportSubjects(deps, user, { patientId: UniquePatientID });
    const sessions: FhirSessionInput[] = [];
    for (const subject of subjects) {
      const { metrics, method, error } = await runner.run(await exportJobOf(deps, subject, [], true));
      // A session left out silently would misstate the patient's record: the Bundle is refused, saying which.
      if (error !== undefined) {
        await auditRequest(deps, request, 'patient.exportFhir', `patient:${UniquePatientID}`, 'failure');
        throw new HttpError(
          422,
          `Session ${String(subject.sessionNumber)}.${String(subject.subSessionNumber)}: ${error}`,
        );
      }
      sessions.push({
        sessionNumber: subject.sessionNumber,
        subSessionNumber: subject.subSessionNumber,
        dateTime: subject.dateTime,
        metrics,
        method,
      });
    }
    const bundle = fhirBundle({
      patient: {
        givenPatientId: patient.given_patient_id,
        forename: patient.forename,
        surname: patient.surname,
        sex: patient.sex,
        dateOfBirth: patient.dob,
        heightCm: patient.height_cm,
        weightKg: patient.weight_kg,
        recordedAt: patient.date_modified,
      },
      sessions,
      generatedAt: deps.clock(),
      newUuid: randomUUID,
    });
    const target = `patient:${UniquePatientID} sub-sessions:${subjects.map((s) => s.subSessionId).join(',')}`;
    await auditRequest(deps, request, 'patient.exportFhir', target);
    return asAttachment(
      reply.code(200),
      'application/fhir+json; charset=utf-8',
      selectionFileName([patient.given_patient_id], 'fhir.json'),
    ).send(JSON.stringify(bundle, null, 2));
  };
}
