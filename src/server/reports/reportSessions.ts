import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData } from '#shared/gait/jointDataFile';
import { readMetricsFile } from '#shared/gait/metricsFile';
import type { ReportPatient, ReportSession } from '#shared/reports/reportModel';
import type { AuthUser } from '#server/auth/tokens';
import { loadSessions } from '#server/records/sessionRecords';
import type { SessionDeps } from '#server/deps';
import { patientScope } from '#server/scope/recordScope';
import { metricsFromFile } from './storedMetrics.ts';

type Pair = { sessionId: string | undefined; subSessionId: string };

/**
 * The sessions of a report with the engine's metrics for each: the stored gait metrics file when there is one,
 * otherwise computed from the joint data. Undefined when any session is outside the caller's scope (→ 404).
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

async function analysisOf(
  deps: SessionDeps,
  subSessionId: string,
  patient: ReportPatient,
): Promise<ReportSession['analysis']> {
  const files = await deps.database.db
    .selectFrom('session_files')
    .select(['kind', 'storage_key'])
    .where('sub_session_id', '=', subSessionId)
    .where('kind', 'in', ['gaitMetrics', 'jointData'])
    .execute();
  const metricsFile = files.find((f) => f.kind === 'gaitMetrics');
  if (metricsFile) {
    const read = readMetricsFile((await deps.storage.readAll(metricsFile.storage_key)).toString('utf8'));
    // An unreadable or insufficient-data file falls through to the joint data, which may still give metrics.
    if (read.ok && read.file.Session !== null) return { status: 'ok', metrics: metricsFromFile(read.file.Session) };
  }
  const jointData = files.find((f) => f.kind === 'jointData');
  if (!jointData)
    return { status: 'insufficient-data', reason: 'This session has no joint data or gait metrics file.' };
  const parsed = parseJointData((await deps.storage.readAll(jointData.storage_key)).toString('utf8'));
  if (!parsed.ok) return { status: 'insufficient-data', reason: parsed.error };
  const heightM = patient.heightCm === null ? undefined : patient.heightCm / 100;
  const analysis = computeGaitMetrics(parsed.recording, { heightM });
  return analysis.status === 'ok'
    ? { status: 'ok', metrics: analysis.session }
    : { status: 'insufficient-data', reason: analysis.reason };
}
