import type { ReportPatient, ReportSession } from '#shared/reports/reportModel';
import type { AuthUser } from '#server/auth/tokens';
import { loadSessions } from '#server/records/sessionRecords';
import type { SessionDeps } from '#server/deps';
import { patientScope } from '#server/scope/recordScope';
import { metricsFileSuffices, sessionMetrics } from '#server/analysis/sessionMetrics';

type Pair = { sessionId: string | undefined; subSessionId: string };

/**
 * The sessions of a report with the metrics of each by the one rule the exports follow too (sessionMetrics: a
 * user's metrics file, else the engine's analysis of the joint data). Undefined when any session is outside the
 * caller's scope (→ 404).
 */
export async function loadReportSessions(
  deps: SessionDeps,
  user: AuthUser,
  pairs: readonly Pair[],
): Promise<ReportSession[] | undefined> {
  const { db } = deps.database;
  const scope = patientScope(db, user);
  const sessions: ReportSession[] = [];
  for (const pair of pairs) {
    const [row] = await loadSessions(db, scope, { subSessionId: pair.subSessionId });
    if (row === undefined || (pair.sessionId !== undefined && row.SessionID !== pair.sessionId)) return undefined;
    const patient = await patientDetails(deps, row.UniquePatientID);
    sessions.push({ ...row, patient, analysis: await analysisOf(deps, row.SubSessionID, patient) });
  }
  return sessions;
}

/** Sex, date of birth and height: the reference values and speed normalised to height depend on them. */
async function patientDetails(deps: SessionDeps, id: string): Promise<ReportPatient> {
  const row = await deps.database.db
    .selectFrom('patients')
    .select(['sex', 'dob', 'height_cm'])
    .where('id', '=', id)
    .executeTakeFirst();
  return {
    sex: row?.sex ?? '',
    dateOfBirth: row?.dob ?? null,
    heightCm: row !== undefined && row.height_cm > 0 ? row.height_cm : null,
  };
}

/** The session's metrics by the rule every export uses too (sessionMetrics): only the whole walk's are shown. */
async function analysisOf(
  deps: SessionDeps,
  subSessionId: string,
  patient: ReportPatient,
): Promise<ReportSession['analysis']> {
  const files = await deps.database.db
    .selectFrom('session_files')
    .select(['kind', 'storage_key', 'origin'])
    .where('sub_session_id', '=', subSessionId)
    .where('kind', 'in', ['gaitMetrics', 'jointData'])
    .execute();
  const text = async (key: string) => (await deps.storage.readAll(key)).toString('utf8');
  const metricsRow = files.find((f) => f.kind === 'gaitMetrics');
  const jointData = files.find((f) => f.kind === 'jointData');
  const metricsFile = metricsRow && { text: await text(metricsRow.storage_key), origin: metricsRow.origin };
  const metrics = sessionMetrics({
    metricsFile,
    // The joint data is read only when the metrics file cannot stand for the engine's analysis of it.
    jointText: jointData && !metricsFileSuffices(metricsFile) ? await text(jointData.storage_key) : undefined,
    heightCm: patient.heightCm,
    needsBouts: false,
  });
  if (!metrics.ok) {
    return {
      status: 'insufficient-data',
      reason: jointData || metricsFile ? metrics.error : 'This session has no joint data or gait metrics file.',
    };
  }
  return metrics.metrics.status === 'ok'
    ? { status: 'ok', metrics: metrics.metrics.session }
    : { status: 'insufficient-data', reason: metrics.metrics.reason };
}
