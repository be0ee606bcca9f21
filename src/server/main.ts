import { buildApp } from './app.ts';
import { createAuditTrail, verifyAuditChain } from './audit/auditTrail.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { withStartupLock } from './db/startupLock.ts';
import { ensureInitialData } from './seed/initialData.ts';

/** `main.ts` serves the product; `main.ts audit:verify` checks the audit trail's hash chain and exits 1 if broken. */
async function main(command: string | undefined): Promise<number> {
  const config = loadConfig();
  const database = connectDatabase(config.database);
  try {
    await migrateToLatest(database);
    if (command === 'audit:verify') {
      const check = await verifyAuditChain(database);
      await database.db.destroy();
      if (check.ok) {
        console.log(`Audit trail intact: ${String(check.rows)} rows checked.`);
        return 0;
      }
      console.error(
        `Audit trail BROKEN at row #${String(check.brokenAt)}: ${check.reason} (${String(check.rows)} rows read).`,
      );
      return 1;
    }
    const notice = await withStartupLock(database, () => ensureInitialData(database.db, config, systemClock()));
    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      audit: createAuditTrail(database, systemClock),
    });
    await app.listen({ port: config.port, host: config.host });
    const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
    console.log(
      [`Gait Portal listening on http://localhost:${String(config.port)}  (database: ${where})`, ...notice.lines].join(
        '\n',
      ),
    );
    // A graceful stop: /readyz turns the load balancer away at once, requests keep being served while it notices,
    // then the server stops accepting, answers what it has begun and closes the database.
    const stop = () => {
      app.lifecycle.stopping = true;
      setTimeout(() => {
        void app
          .close()
          .then(() => database.db.destroy())
          .then(() => process.exit(0));
      }, config.shutdownDrainSeconds * 1000);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return -1;
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
}

const command = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
main(command).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
