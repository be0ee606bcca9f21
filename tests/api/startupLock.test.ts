import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { connectDatabase, type DbHandle } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import { withStartupLock } from '#server/db/startupLock';
import { ensureInitialData } from '#server/seed/initialData';
import { freshPostgresDatabase } from './support/instances.ts';
import { tempDataDir } from './support/sessions.ts';

/** Two instances starting together on one empty PostgreSQL database, as in-process stand-ins. */
describe('initial data when instances start together', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let first: DbHandle;
  let second: DbHandle;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    first = connectDatabase({ kind: 'postgres', url: database.url });
    second = connectDatabase({ kind: 'postgres', url: database.url });
    await migrateToLatest(first);
  });
  afterAll(async () => {
    await Promise.all([first.db.destroy(), second.db.destroy()]);
    await database.drop();
  });

  it('is created once, whichever instance gets there first', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-passphrase-2026' }),
      dataDir: tempDataDir(),
    };
    const notices = await Promise.all(
      [first, second].map((handle) => withStartupLock(handle, () => ensureInitialData(handle.db, config, new Date()))),
    );
    expect(notices.filter((notice) => notice.lines.length > 0)).toHaveLength(1);
    const admins = await first.db.selectFrom('admins').select('username').execute();
    expect(admins).toEqual([{ username: 'admin' }]);
  });
});
