import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { WALK_TESTS } from '#shared/codes/tests';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { serializeJointData, type JointRecording } from '#shared/gait/jointDataFile';
import { syntheticWalk, type WalkDirection } from '#shared/gait/syntheticWalk';
import { writeClinicFormat } from '#shared/sessions/clinicFormatWriter';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import { engineMetricsFileText } from '#shared/sessions/storedMetricsFile';
import type { Db } from '#server/db/connect';
import type { Insertable } from 'kysely';
import type { SessionFileTable, SubSessionTable } from '#server/db/schema';
import type { FileStorage } from '#server/storage/fileStorage';
import { DEMO_LOGINS } from './demoPeople.ts';
import { KINECT_WALKS, readKinectWalk } from './kinectWalks.ts';
import { seededRandom, type Random } from './random.ts';
import { asSessionId, asSubSessionId, type SessionId, type SubSessionId } from '#shared/ids/ids';

const PATIENTS_WITH_SESSIONS = 20;
const DAY_MS = 86_400_000;
const DIRECTIONS: readonly WalkDirection[] = ['toward', 'away', 'across'];

type Recording = { recording: JointRecording; clinicFormat?: string };
type Rows = { subSessions: Insertable<SubSessionTable>[]; files: Insertable<SessionFileTable>[] };

/** The demo patient, the demo clinician's patients, then the rest in order, up to twenty patients. */
async function demoPatients(db: Db) {
  const clinician = await db
    .selectFrom('clinicians')
    .select('id')
    .where('username', '=', DEMO_LOGINS.clinician)
    .executeTakeFirstOrThrow();
  const links = await db.selectFrom('patient_clinicians').select(['patient_id', 'clinician_id']).execute();
  const patients = await db
    .selectFrom('patients')
    .select(['id', 'username'])
    .where('deleted_at', 'is', null)
    .orderBy('given_patient_id')
    .execute();
  const ofDemoClinician = new Set(links.filter((l) => l.clinician_id === clinician.id).map((l) => l.patient_id));
  const rank = (p: { id: string; username: string | null }) =>
    p.username === DEMO_LOGINS.patient ? 0 : ofDemoClinician.has(p.id) ? 1 : 2;
  const chosen = [...patients].sort((a, b) => rank(a) - rank(b)).slice(0, PATIENTS_WITH_SESSIONS);
  return chosen.map((p) => ({
    id: p.id,
    clinicians: links.filter((l) => l.patient_id === p.id).map((l) => l.clinician_id),
  }));
}

/** A short synthetic walk (10–20 s) with plausible, varied gait parameters. */
function syntheticRecording(random: Random, seed: number): Recording {
  const { recording } = syntheticWalk({
    seed,
    speed: 0.6 + random.next() * 0.9,
    cadence: random.int(92, 124),
    stancePercent: random.int(58, 66),
    direction: random.pick(DIRECTIONS),
    durationS: random.int(10, 20),
  });
  return { recording };
}

async function store(
  storage: FileStorage,
  rows: Rows,
  subSessionId: SubSessionId,
  kind: SessionFileKind,
  text: string,
  contentType: string,
  origin: SessionFileTable['origin'],
  now: string,
) {
  const stored = await storage.write(Readable.from([Buffer.from(text, 'utf8')]));
  rows.files.push({
    sub_session_id: subSessionId,
    kind,
    storage_key: stored.key,
    size: stored.size,
    sha256: stored.sha256,
    content_type: contentType,
    origin,
    created_at: now,
  });
}

async function storeRecording(
  storage: FileStorage,
  rows: Rows,
  subSessionId: SubSessionId,
  { recording, clinicFormat }: Recording,
  now: string,
) {
  await store(
    storage,
    rows,
    subSessionId,
    'jointData',
    serializeJointData(recording),
    'application/json',
    clinicFormat === undefined ? 'uploaded' : 'converted',
    now,
  );
  const metrics = engineMetricsFileText(computeGaitMetrics(recording), new Date(now));
  if (metrics !== undefined)
    await store(storage, rows, subSessionId, 'gaitMetrics', metrics, 'application/json', 'computed', now);
  if (clinicFormat !== undefined)
    await store(
      storage,
      rows,
      subSessionId,
      'clinicFormat',
      clinicFormat,
      'text/plain; charset=utf-8',
      'uploaded',
      now,
    );
}

/** The two real KinectGait walks, as clinic-format exports, so that the demo shows a real, noisy recording too. */
function realWalks(): Recording[] {
  return KINECT_WALKS.map((walk) => {
    const recording = readKinectWalk(walk);
    const metadata: [string, string][] = [
      ['Source', 'KinectGait data set, Andersson & Araujo (AAAI 2015), MIT licence'],
      ['Subject', `${walk.name}, ${walk.sex}, ${String(walk.heightM)} m`],
    ];
    return { recording, clinicFormat: writeClinicFormat({ metadata, data: { kind: 'jointData', recording } }) };
  });
}

/**
 * Demo recordings for an empty database outside production: 1–4 sessions for each of twenty patients (four for the
 * demo patient), some with a second sub-session, each with a synthetic walk and its computed metrics; the demo
 * patient's and one other patient's latest sessions hold the two real walks. Same data on every machine.
 */
export async function seedDemoSessions(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const random = seededRandom(20260304);
  const rows: Rows = { subSessions: [], files: [] };
  const sessions: { id: SessionId; patient_id: string; session_number: number; created_at: string }[] = [];
  const real = realWalks();
  const clinicianIds = (await db.selectFrom('clinicians').select('id').orderBy('date_modified').execute()).map(
    (c) => c.id,
  );
  const patients = await demoPatients(db);
  for (const [p, patient] of patients.entries()) {
    const count = p === 0 ? 4 : random.int(1, 4);
    for (let number = 1; number <= count; number++) {
      const sessionId = asSessionId(randomUUID());
      const recordedAt = now.getTime() - (count - number) * random.int(20, 40) * DAY_MS - random.int(1, 6) * 3_600_000;
      const version = new Date(Math.min(now.getTime(), recordedAt + DAY_MS)).toISOString();
      sessions.push({ id: sessionId, patient_id: patient.id, session_number: number, created_at: version });
      const subCount = random.next() < 0.3 ? 2 : 1;
      for (let sub = 1; sub <= subCount; sub++) {
        const id = asSubSessionId(randomUUID());
        rows.subSessions.push({
          id,
          session_id: sessionId,
          sub_session_number: sub,
          date_time: new Date(recordedAt + (sub - 1) * 600_000).toISOString(),
          clinician_id: random.pick(patient.clinicians.length > 0 ? patient.clinicians : clinicianIds),
          test_id: random.pick(WALK_TESTS).TestID,
          date_modified: version,
          deleted_at: null,
        });
        const useReal = number === count && sub === 1 && p < real.length;
        await storeRecording(
          storage,
          rows,
          id,
          (useReal ? real[p] : undefined) ?? syntheticRecording(random, p * 100 + number * 10 + sub),
          version,
        );
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sessions').values(sessions).execute();
    await trx.insertInto('sub_sessions').values(rows.subSessions).execute();
    await trx.insertInto('session_files').values(rows.files).execute();
  });
  return rows.subSessions.length;
}
