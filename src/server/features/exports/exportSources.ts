import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import type { GaitAnalysis } from '#shared/gait/gaitResult';
import { parseJointData, type JointRecording } from '#shared/gait/jointDataFile';
import { readMetricsFile } from '#shared/gait/metricsFile';
import type { AuthUser } from '#server/auth/tokens';
import type { SessionDeps } from '#server/deps';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { metricsFromFile } from '#server/reports/storedMetrics';
import { patientScope } from '#server/scope/recordScope';

/** A sub-session as its exports name it: by the patient's given id and the session numbers, never by UUID. */
export type ExportSubject = {
  subSessionId: string;
  patientId: string;
  givenPatientId: string;
  sessionNumber: number;
  subSessionNumber: number;
  dateTime: string;
  testId: string;
  heightCm: number;
};

/** What the exports of a sub-session are made from: the engine's analysis and, when stored, the joint data. */
export type ExportSource =
  { ok: true; analysis: GaitAnalysis; recording: JointRecording | undefined } | { ok: false; error: string };

export const NO_DATA = 'This session has no joint data or gait metrics file, so it has nothing to export.';
export const NO_JOINTS = 'This session has no joint data file, so it has no gait cycles, events or joints to export.';

/** The sub-sessions in the caller's scope among those asked for (an id outside it is simply not among them). */
export async function exportSubjects(
  deps: SessionDeps,
  user: AuthUser,
  filter: { subSessionIds?: readonly string[]; patientId?: string },
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
 * The engine's analysis of a sub-session: computed from its joint data when it has some (the events, cycles and C3D
 * need them), otherwise its stored gait metrics file's whole-walk metrics (enough for metrics.csv and FHIR). With
 * `wholeWalkOnly` (FHIR) a stored metrics file comes first: the engine wrote it from the same joint data on upload,
 * and reading it spares analysing every session of a patient again.
 */
export async function exportSource(
  deps: SessionDeps,
  subject: ExportSubject,
  wholeWalkOnly = false,
): Promise<ExportSource> {
  const files = await deps.database.db
    .selectFrom('session_files')
    .select(['kind', 'storage_key'])
    .where('sub_session_id', '=', subject.subSessionId)
    .where('kind', 'in', ['gaitMetrics', 'jointData'])
    .execute();
  const jointData = files.find((f) => f.kind === 'jointData');
  const metricsFile = files.find((f) => f.kind === 'gaitMetrics');
  if (metricsFile !== undefined && (wholeWalkOnly || jointData === undefined)) {
    const stored = await storedAnalysis(deps, metricsFile.storage_key);
    if (stored.ok || jointData === undefined) return stored;
  }
  if (jointData === undefined) return { ok: false, error: NO_DATA };
  const parsed = parseJointData((await deps.storage.readAll(jointData.storage_key)).toString('utf8'));
  if (!parsed.ok) return { ok: false, error: `The joint data file cannot be read: ${parsed.error}` };
  const heightM = subject.heightCm > 0 ? subject.heightCm / 100 : undefined;
  return { ok: true, analysis: computeGaitMetrics(parsed.recording, { heightM }), recording: parsed.recording };
}

async function storedAnalysis(deps: SessionDeps, key: string): Promise<ExportSource> {
  const read = readMetricsFile((await deps.storage.readAll(key)).toString('utf8'));
  if (!read.ok) return { ok: false, error: `The gait metrics file cannot be read: ${read.error}` };
  const { file } = read;
  // A clinic's metrics file names no engine: its metrics are the clinic system's.
  const about =
    'Source' in file
      ? { engineVersion: 'clinic', method: "The clinic's own gait analysis system", bouts: [] }
      : { engineVersion: file.EngineVersion, method: file.Method, bouts: [] };
  const analysis: GaitAnalysis =
    file.Session === null
      ? { ...about, status: 'insufficient-data', reason: ('Reason' in file ? file.Reason : undefined) ?? NO_DATA }
      : { ...about, status: 'ok', session: metricsFromFile(file.Session) };
  return { ok: true, analysis, recording: undefined };
}
