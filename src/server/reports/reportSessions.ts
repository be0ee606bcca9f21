import type { ReportPatient, ReportSession } from '#shared/reports/reportModel';
import type { ReportSessionRef } from '#shared/reports/reportRequest';
import type { Session } from '#shared/sessions/session';
import type { AuthUser } from '#server/auth/tokens';
import type { SessionFileOrigin } from '#server/db/schema';
import { loadSessions } from '#server/records/sessionRecords';
import type { SessionDeps } from '#server/deps';
import { patientScope } from '#server/scope/recordScope';
import { metricsFileSuffices, readStoredMetrics } from '#server/analysis/sessionMetrics';
import { reportAnalysis } from '#server/analysis/reportAnalysis';
import { ownBuffer } from '#server/analysis/sessionAnalyser';

type StoredFile = { sub_session_id: string; kind: string; storage_key: string; origin: SessionFileOrigin };

/**
 * The sessions of a report with the metrics of each by the one rule the exports follow too (sessionMetrics: a
 * user's metrics file, else the engine's analysis of the joint data). The rows are read in one batch whatever the
 * number of sessions (the sessions, their patients, their files); a recording is analysed again in the analysis
 * worker, never on the event loop. Undefined when any session is outside the caller's scope (→ 404).
 */
export async function loadReportSessions(
  deps: SessionDeps,
  user: AuthUser,
  refs: readonly ReportSessionRef[],
): Promise<ReportSession[] | undefined> {
  const { db } = deps.database;
  const ids = [...new Set(refs.map((r) => r.subSessionId))];
  const rows = new Map(
    (await loadSessions(db, patientScope(db, user), { subSessionIds: ids })).map((r) => [r.SubSessionID, r]),
  );
  const chosen: Session[] = [];
  for (const ref of refs) {
    const row = rows.get(ref.subSessionId);
    if (row === undefined || (ref.sessionId !== undefined && row.SessionID !== ref.sessionId)) return undefined;
    chosen.push(row);
  }
  const [patients, files] = await Promise.all([
    patientDetails(deps, [...new Set(chosen.map((s) => s.UniquePatientID))]),
    db
      .selectFrom('session_files')
      .select(['sub_session_id', 'kind', 'storage_key', 'origin'])
      .where('sub_session_id', 'in', ids)
      .where('kind', 'in', ['gaitMetrics', 'jointData'])
      .execute(),
  ]);
  // One session after another: a report of many old recordings holds one joint data file in memory at a time.
  const sessions: ReportSession[] = [];
  for (const row of chosen) {
    const patient = patients.get(row.UniquePatientID) ?? { sex: '', dateOfBirth: null, heightCm: null };
    const own = files.filter((f) => f.sub_session_id === row.SubSessionID);
    sessions.push({ ...row, patient, analysis: await analysisOf(deps, own, patient) });
  }
  return sessions;
}

/** Sex, date of birth and height: the reference values and speed normalised to height depend on them. */
async function patientDetails(deps: SessionDeps, ids: string[]): Promise<Map<string, ReportPatient>> {
  const rows = await deps.database.db
    .selectFrom('patients')
    .select(['id', 'sex', 'dob', 'height_cm'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { sex: row.sex, dateOfBirth: row.dob, heightCm: row.height_cm > 0 ? row.height_cm : null },
    ]),
  );
}

/** The session's metrics: from its metrics file where that suffices, else computed again in the analysis worker. */
async function analysisOf(
  deps: SessionDeps,
  files: readonly StoredFile[],
  patient: ReportPatient,
): Promise<ReportSession['analysis']> {
  const metricsRow = files.find((f) => f.kind === 'gaitMetrics');
  const jointData = files.find((f) => f.kind === 'jointData');
  const metricsFile =
    metricsRow &&
    readStoredMetrics({
      text: (await deps.storage.readAll(metricsRow.storage_key)).toString('utf8'),
      origin: metricsRow.origin,
    });
  const input = {
    metricsFile,
    jointBytes: undefined,
    hasJointData: jointData !== undefined,
    heightCm: patient.heightCm,
  };
  if (jointData === undefined || metricsFileSuffices(metricsFile)) return reportAnalysis(input);
  const jointBytes = ownBuffer(await deps.storage.readAll(jointData.storage_key));
  return deps.analyser.reportMetrics({ ...input, jointBytes });
}
