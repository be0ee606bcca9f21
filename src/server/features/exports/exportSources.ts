import type { SessionExportKind } from '#shared/api/exportCalls';
import type { AuthUser } from '#server/auth/tokens';
import type { SessionDeps } from '#server/deps';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { patientScope } from '#server/scope/recordScope';
import { metricsFileSuffices, readStoredMetrics } from '#server/analysis/sessionMetrics';
import type { ExportJob } from './exportJob.ts';
import type { ExportSubject } from './exportSubject.ts';
import type { SubSessionId } from '#shared/ids/ids';

/** The sub-sessions in the caller's scope among those asked for (an id outside it is simply not among them). */
export async function exportSubjects(
  deps: SessionDeps,
  user: AuthUser,
  filter: { subSessionIds?: readonly SubSessionId[]; patientId?: string },
): Promise<ExportSubject[]> {
  const { db } = deps.database;
  let query = scopedSubSessions(db, patientScope(db, user), { patientId: filter.patientId }).select([
    'ss.id',
    'ss.sub_session_number',
    'ss.date_time',
    'ss.test_id',
    's.session_number',
    'p.id as patientId',
    'p.given_patient_id',
    'p.height_cm',
  ]);
  if (filter.subSessionIds !== undefined) query = query.where('ss.id', 'in', [...filter.subSessionIds]);
  const rows = await query.orderBy('s.session_number').orderBy('ss.sub_session_number').orderBy('ss.id').execute();
  return rows.map((r) => ({
    subSessionId: r.id,
    patientId: r.patientId,
    givenPatientId: r.given_patient_id,
    sessionNumber: r.session_number,
    subSessionNumber: r.sub_session_number,
    dateTime: r.date_time,
    testId: r.test_id,
    heightCm: r.height_cm,
  }));
}

/**
 * What the exports of a sub-session are made from: its stored joint data and gait metrics file (as text, with who
 * made the metrics), for the export worker (exportJob.ts) to analyse and write by the rule of sessionMetrics.
 */
export async function exportJobOf(
  deps: SessionDeps,
  subject: ExportSubject,
  kinds: readonly SessionExportKind[],
  wholeWalkOnly = false,
): Promise<ExportJob> {
  const files = await deps.database.db
    .selectFrom('session_files')
    .select(['kind', 'storage_key', 'origin'])
    .where('sub_session_id', '=', subject.subSessionId)
    .where('kind', 'in', ['gaitMetrics', 'jointData'])
    .execute();
  const text = async (key: string) => (await deps.storage.readAll(key)).toString('utf8');
  const joints = files.find((f) => f.kind === 'jointData');
  const metrics = files.find((f) => f.kind === 'gaitMetrics');
  const metricsFile =
    metrics === undefined
      ? undefined
      : readStoredMetrics({ text: await text(metrics.storage_key), origin: metrics.origin });
  // Whole-walk metrics (FHIR) need no joint data when the metrics file gives them by the rule.
  const skipJoints = joints === undefined || (wholeWalkOnly && metricsFileSuffices(metricsFile));
  return {
    subject,
    kinds,
    wholeWalkOnly,
    jointText: skipJoints ? undefined : await text(joints.storage_key),
    metricsFile,
  };
}
