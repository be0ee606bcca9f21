import { CompiledQuery, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from '#server/db/connect';
import { migrateToLatest, migrations } from '#server/db/migrate';
import { recordingCountsMigration } from '#server/db/migrations/012_recording_counts';
import { recordingSummaries } from '#server/records/patientRecords';
import { seedDemoData } from '#server/seed/demoSeed';
import { DATABASE_KINDS, freshDatabase } from './support/testApp.ts';
import { asSessionId, asSubSessionId } from '#shared/ids/ids';

/** Every patient's recording count and latest time, in patient order, as a page of patients reads them. */
async function summaries({ db }: DbHandle) {
  const ids = (await db.selectFrom('patients').select('id').execute()).map((r) => r.id);
  const rows = await recordingSummaries(db, ids).execute();
  return rows
    .map((r) => ({ patient: r.patient_id, count: Number(r.count), latest: r.latest }))
    .sort((a, b) => (a.patient < b.patient ? -1 : 1));
}

/** The plan the database makes for the statement a page of patients runs, line by line. */
async function planOf({ db, kind }: DbHandle): Promise<string> {
  const ids = (await db.selectFrom('patients').select('id').limit(20).execute()).map((r) => r.id);
  const { sql: text, parameters } = recordingSummaries(db, ids).compile();
  if (kind === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]),
    );
    return plan.rows.map((r) => r.detail).join('\n');
  }
  // On a handful of rows the planner would read the tables whatever their indexes. With table reads priced out (on
  // one connection, for this plan only) it reads from an index alone only where an index holds every column it needs.
  return db.connection().execute(async (conn) => {
    await sql`VACUUM ANALYZE sessions`.execute(conn);
    await sql`VACUUM ANALYZE sub_sessions`.execute(conn);
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_indexscan']) {
      await sql`SELECT set_config(${setting}, 'off', false)`.execute(conn);
    }
    const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${text}`, [...parameters]),
    );
    await sql`RESET ALL`.execute(conn);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe.each(DATABASE_KINDS)('the recording counts read from the indexes alone (012_recording_counts), %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function databaseAt(migration: string): Promise<DbHandle> {
    const { config, drop } = await freshDatabase(kind);
    cleanups.push(drop);
    const handle = connectDatabase(config);
    cleanups.push(() => handle.db.destroy());
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(migrations(kind)) },
    });
    expect((await migrator.migrateTo(migration)).error).toBeUndefined();
    return handle;
  }

  /** Two recordings for each of the first patients' sessions, the second of every third session removed. */
  async function recordings({ db }: DbHandle): Promise<void> {
    const patients = await db.selectFrom('patients').select('id').orderBy('id').limit(4).execute();
    const clinician = await db.selectFrom('clinicians').select('id').executeTakeFirstOrThrow();
    let n = 0;
    for (const [p, patient] of patients.entries()) {
      for (let number = 1; number <= p; number++) {
        const session = asSessionId(`s-${patient.id}-${String(number)}`);
        await db
          .insertInto('sessions')
          .values({ id: session, patient_id: patient.id, session_number: number, created_at: '2026-01-01T00:00:00Z' })
          .execute();
        for (const sub of [1, 2]) {
          n++;
          await db
            .insertInto('sub_sessions')
            .values({
              id: asSubSessionId(`r-${session}-${String(sub)}`),
              session_id: session,
              sub_session_number: sub,
              date_time: `2026-01-0${String(number)}T1${String(sub)}:00:00.000Z`,
              clinician_id: clinician.id,
              test_id: 'walk',
              date_modified: '2026-01-05T10:00:00Z',
              deleted_at: sub === 2 && n % 3 === 0 ? '2026-01-05T10:00:00Z' : null,
            })
            .execute();
        }
      }
    }
  }

  it('gives every patient the same counts and latest times as before, and can run again', async () => {
    const handle = await databaseAt('011_audit_file');
    await seedDemoData(handle.db, new Date('2026-01-05T10:00:00Z'));
    await recordings(handle);
    const before = await summaries(handle);
    // The second and third patients' last recordings are removed: their latest is the one before.
    expect(before.map((r) => [r.count, r.latest])).toEqual([
      [2, '2026-01-01T12:00:00.000Z'],
      [3, '2026-01-02T11:00:00.000Z'],
      [5, '2026-01-03T11:00:00.000Z'],
    ]);

    await migrateToLatest(handle);
    expect(await summaries(handle)).toEqual(before);
    await recordingCountsMigration.up(handle.db as never);
    expect(await summaries(handle)).toEqual(before);
  });

  it('reads each session and each recording from an index alone', async () => {
    const handle = await databaseAt('012_recording_counts');
    await seedDemoData(handle.db, new Date('2026-01-05T10:00:00Z'));
    await recordings(handle);
    const plan = await planOf(handle);
    const covering =
      kind === 'sqlite'
        ? [/USING COVERING INDEX sessions_patient_session/, /USING COVERING INDEX sub_sessions_session_live/]
        : [/Index Only Scan using sessions_patient_session/, /Index Only Scan using sub_sessions_session_live/];
    for (const pattern of covering) expect(plan).toMatch(pattern);
  });
});
