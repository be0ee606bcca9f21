import type { GaitMetrics, SideMetrics } from '#shared/gait/gaitResult';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { metres, metresPerSecond, percentOfCycle, seconds, stepsPerMinute } from '#shared/gait/gaitUnits';
import { parseJointData } from '#shared/gait/jointDataFile';
import { readMetricsFile } from '#shared/gait/metricsFile';
import type { ClinicWalkMetricsRecord, WalkMetricsRecord } from '#shared/gait/metricsFileSchema';
import type { ReportSession } from '#shared/reports/reportModel';
import type { AuthUser } from '#server/auth/tokens';
import { loadSessions } from '#server/features/sessions/sessionRecords';
import type { SessionDeps } from '#server/features/sessions/sessionDeps';
import { patientScope } from '#server/scope/recordScope';

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
    sessions.push({ ...row, analysis: await analysisOf(deps, row.SubSessionID) });
  }
  return sessions;
}

async function analysisOf(deps: SessionDeps, subSessionId: string): Promise<ReportSession['analysis']> {
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
  const analysis = computeGaitMetrics(parsed.recording);
  return analysis.status === 'ok'
    ? { status: 'ok', metrics: analysis.session }
    : { status: 'insufficient-data', reason: analysis.reason };
}

/** A value a clinic's file may lack reads as NaN, which the report prints as '—'. */
const orMissing = (value: number | undefined): number => value ?? Number.NaN;

type SideRecord = ClinicWalkMetricsRecord['Left'];

function sideFromFile(side: SideRecord): SideMetrics {
  return {
    stepCount: orMissing(side.StepCount),
    cycleCount: orMissing(side.CycleCount),
    stepLength: metres(orMissing(side.StepLength_m)),
    strideTime: seconds(orMissing(side.StrideTime_s)),
    stancePercent: percentOfCycle(orMissing(side.StancePercent)),
    swingPercent: percentOfCycle(orMissing(side.SwingPercent)),
    doubleSupportPercent: percentOfCycle(orMissing(side.DoubleSupportPercent)),
    singleSupportPercent: percentOfCycle(orMissing(side.SingleSupportPercent)),
  };
}

/** A stored metrics file's whole-walk metrics as engine metrics (a clinic's file may lack per-foot values). */
function metricsFromFile(session: WalkMetricsRecord | ClinicWalkMetricsRecord): GaitMetrics {
  return {
    ...sideFromFile(session),
    speed: metresPerSecond(session.Speed_m_per_s),
    cadence: stepsPerMinute(session.Cadence_steps_per_min),
    distance: metres(session.Distance_m),
    duration: seconds(orMissing(session.Duration_s)),
    left: sideFromFile(session.Left),
    right: sideFromFile(session.Right),
  };
}
