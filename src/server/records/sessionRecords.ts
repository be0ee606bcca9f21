import { WALK_TESTS } from '#shared/codes/tests';
import { MESSAGES } from '#shared/messages';
import type { Session } from '#shared/sessions/session';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import type { Db } from '#server/db/connect';
import { letWaitingRequestsIn } from '#server/http/letWaitingRequestsIn';
import type { IdCondition } from '#server/scope/recordScope';
import { personName } from '#shared/records/personName';
import { fileBits, holds, pageNames } from './sessionPageParts.ts';
import { NO_RECORDING, scopedSubSessions, type SessionFilter } from './sessionQuery.ts';
import { asClinicianId, asPatientId, type SessionId, type SubSessionId } from '#shared/ids/ids';

const TEST_NAMES = new Map<string, string>(WALK_TESTS.map((t) => [t.TestID, t.Name]));

/** docs/spec.md §3: video paths begin SessionVideoFile_MP4/ (unblurred) or SessionVideoFile_MP4_Blurred/ (blurred). */
function videoPaths(sessionId: SessionId, subSessionId: SubSessionId, has: (kind: SessionFileKind) => boolean): string {
  const name = `${sessionId}_${subSessionId}.mp4`;
  return [
    ...(has('video') ? [`SessionVideoFile_MP4/${name}`] : []),
    ...(has('blurredVideo') ? [`SessionVideoFile_MP4_Blurred/${name}`] : []),
  ].join(',');
}

type SessionRow = {
  id: SubSessionId;
  session_id: SessionId;
  sub_session_number: number;
  date_time: string;
  test_id: string;
  date_modified: string;
  session_number: number;
  patientId: string;
  given_patient_id: string;
  forename: string;
  surname: string;
  clinicianId: string;
  /** The kinds of file the recording holds (fileBits). */
  files: number | string | null;
};

function selectRows(db: Db, scope: IdCondition, filter: SessionFilter) {
  return scopedSubSessions(db, scope, filter).select([
    'ss.id',
    'ss.session_id',
    'ss.sub_session_number',
    'ss.date_time',
    'ss.test_id',
    'ss.date_modified',
    's.session_number',
    'p.id as patientId',
    'p.given_patient_id',
    'p.forename',
    'p.surname',
    'ss.clinician_id as clinicianId',
    (eb) => fileBits(eb.ref('ss.id')).as('files'),
  ]);
}

/** The sessions (one row per sub-session) in a scope, ordered by session number then sub-session number (docs/spec.md §3). */
export async function loadSessions(db: Db, scope: IdCondition, filter: SessionFilter = {}): Promise<Session[]> {
  const rows = await selectRows(db, scope, filter)
    .orderBy('s.session_number')
    .orderBy('ss.sub_session_number')
    .orderBy('ss.date_time')
    .orderBy('ss.id')
    .execute();
  return toSessions(db, rows);
}

/**
 * Where a scope's patients end, `size` of them from an id on (patientScopeWindowEnd): how a page keyed by patient
 * walks the scope a window at a time.
 */
export type PatientWindow = (from: string | undefined, size: number) => Promise<string | undefined>;

/** A page's key: by SubSessionID, or by patient then SubSessionID, walking the scope a window at a time if given. */
export type PageOrder = { byPatient: false } | { byPatient: true; window?: PatientWindow };

/**
 * One page of the sessions in a scope, in key order (a key that never changes, so a row keeps its place between
 * pages): `limit` rows after `filter.after`, by SubSessionID, or by patient then SubSessionID (SessionKey). The
 * scoped join runs once a window; files and clinics are then read for the page's own ids, not by running the join
 * again.
 */
export async function loadSessionPage(
  db: Db,
  scope: IdCondition,
  filter: SessionFilter,
  limit: number,
  order: PageOrder = { byPatient: false },
): Promise<Session[]> {
  if (!order.byPatient) {
    return toSessions(db, await selectRows(db, scope, filter).orderBy('ss.id').limit(limit).execute());
  }
  if (order.window !== undefined) return toSessions(db, await rowsByPatient(db, scope, filter, limit, order.window));
  const rows = await selectRows(db, scope, filter).orderBy('s.patient_id').orderBy('ss.id').limit(limit).execute();
  return toSessions(db, rows);
}

/**
 * How many patients the next window of a page reads, for `wanted` more rows, given what the page's earlier windows
 * read. Every recording of a window's patients is read and sorted before the page is cut from them, so a window sized
 * past the page reads rows for nothing: with windows of limit / 2 patients a clinician's 1,001-row page on
 * PostgreSQL read and sorted 2,479 rows (five recordings a patient at clinic scale). The first window counts on four
 * recordings a patient; a window short of rows (patients with one recording or none, such as those just added) is
 * followed by one sized by the rows a patient the page has read so far, with a quarter to spare, or twice the
 * patients when it has read none. At least two, so that a window always ends past the patient it starts from.
 */
export function windowPatients(wanted: number, read: { patients: number; rows: number }): number {
  if (read.patients === 0) return Math.max(2, Math.ceil(wanted / 4));
  if (read.rows === 0) return Math.max(2, read.patients * 2);
  return Math.max(2, Math.ceil((wanted * read.patients * 1.25) / read.rows));
}

/**
 * A page keyed by patient, read a window of patients at a time: each window's recordings in (patient,
 * recording) order. A window of patients short of rows is followed by the next, from the last
 * patient read.
 */
async function rowsByPatient(
  db: Db,
  scope: IdCondition,
  filter: SessionFilter,
  limit: number,
  window: PatientWindow,
): Promise<SessionRow[]> {
  const rows: SessionRow[] = [];
  const read = { patients: 0, rows: 0 };
  let after = filter.after;
  for (;;) {
    const size = windowPatients(limit - rows.length, read);
    const patientsTo = await window(after?.patientId, size);
    const found = await selectRows(db, scope, { ...filter, after, patientsTo })
      .orderBy('s.patient_id')
      .orderBy('ss.id')
      .limit(limit - rows.length)
      .execute();
    rows.push(...found);
    if (rows.length >= limit || patientsTo === undefined) return rows;
    read.patients += size;
    read.rows += found.length;
    // Every recording of the window's last patient that this filter lets through has been read.
    const last = rows.at(-1);
    after = { patientId: patientsTo, subSessionId: last?.patientId === patientsTo ? last.id : NO_RECORDING };
  }
}

async function toSessions(db: Db, rows: SessionRow[]): Promise<Session[]> {
  if (rows.length === 0) return [];
  // SQLite read the rows synchronously: the requests that came meanwhile go first, so that a page is two blocks of
  // the event loop (its rows statement, then the rest), not one.
  await letWaitingRequestsIn();
  const { clinicianName, clinicName } = await pageNames(db, rows);
  return rows.map((r): Session => {
    const has = (kind: SessionFileKind) => holds(r.files, kind);
    return {
      SessionID: r.session_id,
      SubSessionID: r.id,
      SessionNumber: r.session_number,
      SubSessionNumber: r.sub_session_number,
      // Patient and clinician columns are plain text (the scope's lists compare them with any id): named here.
      UniquePatientID: asPatientId(r.patientId),
      GivenPatientID: r.given_patient_id,
      PatientName: personName(r.forename, r.surname, MESSAGES.unnamedPatient),
      ClinicianID: asClinicianId(r.clinicianId),
      ClinicianName: clinicianName(r.clinicianId),
      TestID: r.test_id,
      TestName: TEST_NAMES.get(r.test_id) ?? r.test_id,
      ClinicName: clinicName(r.patientId, r.clinicianId),
      DateTime: r.date_time,
      DateModified: r.date_modified,
      Data: has('jointData'),
      GaitMetrics: has('gaitMetrics'),
      SSCData: has('clinicFormat'),
      Video: videoPaths(r.session_id, r.id, has),
      UnblurredVideo: has('video'),
      BlurredVideo: has('blurredVideo'),
      OriginalRecording: has('originalRecording'),
      MotionFile: has('motion'),
    };
  });
}
