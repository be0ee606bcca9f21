import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Insertable } from 'kysely';
import { WALK_TESTS } from '#shared/codes/tests';
import { CLINIC_GROUPS } from '#shared/records/clinic';
import type { Db } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import { FORENAMES, SURNAMES } from '#server/seed/demoPeople';
import { seededRandom, type Random } from '#server/seed/random';
import type { FileStorage } from '#server/storage/fileStorage';
import { clinicianRow, clinicRow, patientRow } from '../api/support/tableRows.ts';
import { asSessionId, asSubSessionId, type SubSessionId } from '#shared/ids/ids';

/** What a clinic at scale looks like: the sizes the budgets name (20,000 patients, 100,000 sessions). */
export type ScaleSize = { patients: number; sessions: number; clinics: number; clinicians: number };

export const CLINIC_SCALE: ScaleSize = { patients: 20_000, sessions: 100_000, clinics: 20, clinicians: 200 };

export type ScaleSeedResult = { patients: number; subSessions: number; sessions: number; files: number; ms: number };

type Rows = { [T in keyof Database]?: Insertable<Database[T]>[] };

const DAY_MS = 86_400_000;
/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits for the widest table (patients, 24). */
const BATCH = 500;

/** A 4 KiB MP4 container (ftyp, moov, mdat): what the session browser and the video download need to exist. */
function tinyMp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom\0\0\0\0isommp41', 'latin1')]));
  return Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(4096, 7))]);
}

/**
 * The stored files scale rows point at: the demo seed's recordings (joint data, computed metrics, a clinic-format
 * file) and one small video. Rows share them, so 100,000 sessions cost no more disk than the demo; replacing a file
 * of one scale session would release it for the others too, which is why scale data is for benches and tests only.
 */
async function templateFiles(db: Db, storage: FileStorage) {
  const demoFiles = await db
    .selectFrom('session_files')
    .select(['kind', 'storage_key', 'size', 'sha256', 'content_type', 'origin'])
    .execute();
  const byKind = new Map(demoFiles.map((f) => [f.kind, f]));
  const video = await storage.write(Readable.from([tinyMp4()]));
  const videoFile = {
    storage_key: video.key,
    size: video.size,
    sha256: video.sha256,
    content_type: 'video/mp4',
    origin: 'uploaded' as const,
  };
  const demo = (kind: string) => {
    const file = byKind.get(kind);
    if (file === undefined) throw new Error(`scale seed: the demo data has no ${kind} file to share (seed it first)`);
    return { ...file, size: Number(file.size) };
  };
  return {
    jointData: demo('jointData'),
    gaitMetrics: demo('gaitMetrics'),
    clinicFormat: demo('clinicFormat'),
    video: videoFile,
    blurredVideo: videoFile,
  };
}

function person(random: Random) {
  const sex = random.pick(['Female', 'Male', 'Female', 'Male', 'Other', ''] as const);
  const forename = random.pick(sex === 'Male' ? FORENAMES.Male : FORENAMES.Female);
  return { sex, forename, surname: random.pick(SURNAMES) };
}

/** Clinics and their clinicians beside the demo ones; scale patients are spread over all of them. */
function people(
  random: Random,
  size: ScaleSize,
  demo: { clinics: string[]; links: { clinician_id: string; clinic_id: string }[] },
  now: string,
) {
  const rows: Rows = { clinics: [], clinicians: [], clinician_clinics: [] };
  const clinicIds = [...demo.clinics];
  for (let i = clinicIds.length; i < size.clinics; i++) {
    const id = randomUUID();
    clinicIds.push(id);
    rows.clinics?.push(
      clinicRow(id, now, {
        name: `Scale Clinic ${String(i + 1).padStart(3, '0')}`,
        address: `${String(i + 1)} Scale Street`,
        contact_forename: 'Alex',
        contact_surname: 'Morgan',
        contact_number: `+44 20 7946 ${String(1000 + i)}`,
        contact_email: `clinic${String(i)}@scale.example`,
        group_name: CLINIC_GROUPS.Medical,
      }),
    );
  }
  const staff = new Map<string, string[]>(clinicIds.map((id) => [id, []]));
  for (const link of demo.links) staff.get(link.clinic_id)?.push(link.clinician_id);
  for (let i = demo.links.length; i < size.clinicians; i++) {
    const id = randomUUID();
    const clinic = clinicIds[i % clinicIds.length] ?? '';
    const { forename, surname } = person(random);
    rows.clinicians?.push(
      clinicianRow(id, now, {
        forename,
        surname: `${surname}-${String(i)}`,
        contact_number: `+44 7700 9${String(10000 + i)}`,
        email: `clinician${String(i)}@scale.example`,
      }),
    );
    rows.clinician_clinics?.push({ clinician_id: id, clinic_id: clinic });
    staff.get(clinic)?.push(id);
  }
  return { rows, clinicIds, staff };
}

type Templates = Awaited<ReturnType<typeof templateFiles>>;

/** A sub-session's files: most have joint data and metrics, some a clinic-format file or videos, some nothing. */
function filesFor(random: Random, subSessionId: SubSessionId, templates: Templates, at: string) {
  const draw = random.next();
  const kinds: (keyof Templates)[] = draw < 0.15 ? [] : draw < 0.25 ? ['video'] : ['jointData', 'gaitMetrics'];
  if (draw > 0.85) kinds.push('clinicFormat');
  if (draw > 0.7) kinds.push(random.next() < 0.5 ? 'video' : 'blurredVideo');
  return kinds.map((kind) => ({ sub_session_id: subSessionId, kind, ...templates[kind], created_at: at }));
}

async function insertAll(db: Db, rows: Rows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [table, values] of Object.entries(rows) as [keyof Database, Insertable<Database[keyof Database]>[]][]) {
      for (let i = 0; i < values.length; i += BATCH) {
        await trx
          .insertInto(table)
          .values(values.slice(i, i + BATCH))
          .execute();
      }
    }
  });
}

/**
 * Seeds a clinic group at scale on top of the demo data (run ensureInitialData first): clinics, clinicians,
 * `size.patients` patients with their links, and `size.sessions` recordings (sub-sessions) over the last three years,
 * written through the server's own database layer in a few large transactions. The same seed gives the same data.
 */
export async function seedAtScale(
  db: Db,
  storage: FileStorage,
  now: Date,
  size = CLINIC_SCALE,
): Promise<ScaleSeedResult> {
  const started = performance.now();
  const random = seededRandom(20260615);
  const stamp = now.toISOString();
  const clinics = (await db.selectFrom('clinics').select('id').orderBy('name').execute()).map((c) => c.id);
  const links = await db.selectFrom('clinician_clinics').select(['clinician_id', 'clinic_id']).execute();
  const templates = await templateFiles(db, storage);
  const { rows, clinicIds, staff } = people(random, size, { clinics, links }, stamp);
  rows.patients = [];
  rows.patient_clinics = [];
  rows.patient_clinicians = [];
  rows.sessions = [];
  rows.sub_sessions = [];
  rows.session_files = [];

  const perPatient = size.sessions / size.patients;
  let made = 0;
  for (let p = 0; p < size.patients; p++) {
    const id = randomUUID();
    const { sex, forename, surname } = person(random);
    const clinic = clinicIds[p % clinicIds.length] ?? '';
    const colleagues = staff.get(clinic) ?? [];
    const treating = random.sample(colleagues, Math.min(colleagues.length, random.int(1, 2)));
    // Drawn in this order, the seeded random numbers give the same patients at every run.
    const details = {
      given_patient_id: `SC-${String(100000 + p)}`,
      forename,
      surname,
      email: `patient${String(p)}@scale.example`,
      dob: `${String(random.int(1938, 2016))}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      sex,
      height_cm: random.int(150, 195),
      weight_kg: random.int(48, 110),
      application: 'GaitPortal',
    };
    const modified = new Date(now.getTime() - random.int(1, 1000) * DAY_MS).toISOString();
    rows.patients.push(patientRow(id, modified, details));
    rows.patient_clinics.push({ patient_id: id, clinic_id: clinic });
    for (const clinician of treating) rows.patient_clinicians.push({ patient_id: id, clinician_id: clinician });

    // Spread the recordings evenly: patient p ends with made ≈ (p + 1) × sessions / patients.
    let left = Math.round((p + 1) * perPatient) - made;
    for (let number = 1; left > 0; number++) {
      const sessionId = asSessionId(randomUUID());
      const recordedAt = now.getTime() - random.int(1, 3 * 365) * DAY_MS;
      rows.sessions.push({ id: sessionId, patient_id: id, session_number: number, created_at: stamp });
      const subs = Math.min(left, random.next() < 0.4 ? 2 : 1);
      for (let sub = 1; sub <= subs; sub++) {
        const subId = asSubSessionId(randomUUID());
        const modified = new Date(Math.min(now.getTime(), recordedAt + random.int(0, 2 * DAY_MS))).toISOString();
        rows.sub_sessions.push({
          id: subId,
          session_id: sessionId,
          sub_session_number: sub,
          date_time: new Date(recordedAt + (sub - 1) * 600_000).toISOString(),
          clinician_id: random.pick(treating.length > 0 ? treating : colleagues),
          test_id: random.pick(WALK_TESTS).TestID,
          date_modified: modified,
          deleted_at: null,
        });
        rows.session_files.push(...filesFor(random, subId, templates, modified));
      }
      left -= subs;
      made += subs;
    }
  }
  await insertAll(db, rows);
  return {
    patients: rows.patients.length,
    sessions: rows.sessions.length,
    subSessions: rows.sub_sessions.length,
    files: rows.session_files.length,
    ms: performance.now() - started,
  };
}
