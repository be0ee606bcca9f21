import { sql } from 'kysely';
import { loadConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { ensureInitialData } from '#server/seed/initialData';
import { openStorage } from '#server/storage/openStorage';
import { CLINIC_SCALE, seedAtScale, type ScaleSeedResult } from './scaleSeed.ts';

/**
 * Prepares the database named by the environment (DATA_DIR or DATABASE_URL, as the server reads it) with the demo
 * data and a clinic group at scale, before a server starts on it. Does nothing when the database already has data.
 */
export async function prepareScaleData(size = CLINIC_SCALE): Promise<ScaleSeedResult | undefined> {
  const config = loadConfig();
  const database = connectDatabase(config.database);
  try {
    await migrateToLatest(database);
    const notice = await ensureInitialData(database.db, config, new Date());
    if (notice.lines.length === 0) return undefined;
    const seeded = await seedAtScale(database.db, openStorage(config.storage), new Date(), size);
    // A bulk load is followed by VACUUM ANALYZE, the state autovacuum keeps a working database in: ANALYZE, or the
    // server would plan its first minute of queries on the statistics of a few rows; VACUUM, or no page is marked
    // all-visible and PostgreSQL reads every index-only plan's rows from the table too, or plans around them (a
    // patients page's clinic links scanned the whole table), until autovacuum reaches the tables about a minute
    // later, in the middle of the bench (docs/performance.md, "Running the bench"). SQLite keeps no statistics
    // unless asked.
    if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
    return seeded;
  } finally {
    await database.db.destroy();
  }
}

// `tsx tests/scale/prepareScaleData.ts` (the scale e2e server's command runs it before the server).
if (process.argv[1]?.endsWith('prepareScaleData.ts')) {
  const result = await prepareScaleData();
  console.log(
    result
      ? `Scale data: ${String(result.patients)} patients, ${String(result.subSessions)} recordings in ${String(result.sessions)} sessions, ${String(result.files)} file rows, in ${(result.ms / 1000).toFixed(1)} s`
      : 'Scale data: the database already holds data; nothing seeded.',
  );
}
