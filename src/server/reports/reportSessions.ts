import type { GaitMetrics, SideMetrics } from '#shared/gait/gaitResult';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData } from '#shared/gait/jointDataFile';
import type { ReportSession } from '#shared/reports/reportModel';
import type { AuthUser } from '../auth/tokens.ts';
import { loadSessions } from '../features/sessions/sessionRecords.ts';
import type { SessionDeps } from '../features/sessions/sessionDeps.ts';
import { patientScope } from '../scope/recordScope.ts';

type Pair = { sessionId: string | undefined; subSessionId: string };
const SIDE_FIELDS = ['stepCount', 'cycleCount', 'stepLength', 'strideTime', 'stancePercent', 'swingPercent', 'doubleSupportPercent', 'singleSupportPercent'] as const;

/**
 * The sessions of a report with the engine's metrics for each: the stored gait metrics file when there is one,
 * otherwise computed from the joint data. Undefined when any session is outside the caller's scope (→ 404).
 */
export async function loadReportSessions(deps: SessionDeps, user: AuthUser, pairs: readonly Pair[]): Promise<ReportSession[] | undefined> {
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
  const files = await deps.database.db.selectFrom('session_files').select(['kind', 'storage_key'])
    .where('sub_session_id', '=', subSessionId).where('kind', 'in', ['gaitMetrics', 'jointData']).execute();
  const metricsFile = files.find((f) => f.kind === 'gaitMetrics');
  if (metricsFile) {
    const metrics = metricsFromFile(JSON.parse((await deps.storage.readAll(metricsFile.storage_key)).toString('utf8')));
    if (metrics) return { status: 'ok', metrics };
  }
  const jointData = files.find((f) => f.kind === 'jointData');
  if (!jointData) return { status: 'insufficient-data', reason: 'This session has no joint data or gait metrics file.' };
  const parsed = parseJointData((await deps.storage.readAll(jointData.storage_key)).toString('utf8'));
  if (!parsed.ok) return { status: 'insufficient-data', reason: parsed.error };
  const analysis = computeGaitMetrics(parsed.recording);
  return analysis.status === 'ok' ? { status: 'ok', metrics: analysis.session } : { status: 'insufficient-data', reason: analysis.reason };
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN);

/** A stored metrics file's Session part as engine metrics; per-foot values a clinic's file lacks read as missing. */
function metricsFromFile(file: unknown): GaitMetrics | undefined {
  if (typeof file !== 'object' || file === null || !('Session' in file)) return undefined;
  const session = file.Session as Record<string, unknown>;
  const side = (value: unknown): SideMetrics => {
    const part = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    return Object.fromEntries(SIDE_FIELDS.map((f) => [f, num(part[f])])) as SideMetrics;
  };
  return {
    ...side(session),
    speed: num(session.speed), cadence: num(session.cadence), distance: num(session.distance), duration: num(session.duration),
    left: side(session.left), right: side(session.right),
  } as GaitMetrics;
}
