import os from 'node:os';
import { buildApp } from './app.ts';
import { openAuditSeal } from './audit/auditSeal.ts';
import { openAuditTrail } from './audit/auditTrail.ts';
import { rekeyAuditTrail } from './audit/rekey.ts';
import { serverSeal } from './audit/startCheck.ts';
import { verifyAuditChain } from './audit/verifyAuditChain.ts';
import { deviceCookieKey } from './auth/deviceCookie.ts';
import { systemClock } from './clock.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { connectDatabase, type DbHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { withStartupLock } from './db/startupLock.ts';
import { scheduleOrphanSweeps } from './features/sessions/orphanSweep.ts';
import { startBlurWorkers } from './blur/blurWorker.ts';
import { startPoseWorkers } from './pose/poseWorker.ts';
import { ensureInitialData } from './seed/initialData.ts';
import { openStorage } from './storage/openStorage.ts';

/** `audit:verify`: checks the trail's keyed hash chain against the checkpoint; exit 1 if anything does not match. */
async function verify(config: ServerConfig, database: DbHandle): Promise<number> {
  const check = await verifyAuditChain(database, openAuditSeal(config, { create: false }));
  if (check.ok) {
    const newer = check.rows - check.anchoredRows;
    console.log(
      `Audit trail intact: ${String(check.rows)} rows checked` +
        (newer > 0 ? ` (${String(newer)} newer than the last checkpoint).` : '.'),
    );
    if (check.rekeyedAt !== undefined) {
      console.log(
        `It was re-keyed at row #${String(check.rekeyedAt)} (audit.rekey): the rows before it are checked by their ` +
          'links only, their content no longer.',
      );
    }
    return 0;
  }
  console.error(
    `Audit trail BROKEN at row #${String(check.brokenAt)}: ${check.reason} (${String(check.rows)} rows read).`,
  );
  return 1;
}

/** `audit:rekey`: a new key and checkpoint for a trail whose own are lost, recorded in the trail itself. */
async function rekey(config: ServerConfig, database: DbHandle): Promise<number> {
  const done = await rekeyAuditTrail(database, config, { user: os.userInfo().username, host: os.hostname() });
  console.log(
    `Audit trail re-keyed: row #${String(done.rekeyedAt)} records it; the ${String(done.earlierRows)} rows before ` +
      'it are checked by their links only from now on.',
  );
  return 0;
}

/**
 * `main.ts` serves the product; `main.ts audit:verify` checks the audit trail and exits 1 if it was tampered with;
 * `main.ts audit:rekey` re-keys a trail whose key or checkpoint is lost.
 */
async function main(command: string | undefined): Promise<number> {
  // Everything the server writes under DATA_DIR is patient data or its keys (databases, session files, staged
  // uploads, the audit key and checkpoint): readable by the server's own user alone, files 0600 and folders 0700.
  process.umask(0o077);
  const config = loadConfig();
  const database = connectDatabase(config.database);
  try {
    await migrateToLatest(database);
    if (command === 'audit:verify' || command === 'audit:rekey') {
      const code = await (command === 'audit:verify' ? verify : rekey)(config, database);
      await database.db.destroy();
      return code;
    }
    // The trail's key and checkpoint are checked before anything else is written: a trail that fails them stops here.
    const seal = await serverSeal(database, config);
    const audit = await openAuditTrail(database, systemClock, seal);
    const notice = await withStartupLock(database, () => ensureInitialData(database.db, config, systemClock()));
    const deps = { config, database, clock: systemClock, audit, deviceCookieKey: deviceCookieKey(seal.key) };
    const app = await buildApp(deps);
    await app.listen({ port: config.port, host: config.host });
    const storage = openStorage(config.storage);
    const stopBlurring = startBlurWorkers({ ...deps, storage }, config.blur, (message) => console.log(message));
    const stopPose = startPoseWorkers({ ...deps, storage }, config.pose, (message) => console.log(message));
    const stopSweeps = scheduleOrphanSweeps({ ...deps, storage }, (swept) => {
      const removed = swept.abandonedWrites + swept.unreferencedFiles + swept.orphanParts + swept.expiredStaging;
      if (removed > 0) console.log(`Orphan sweep removed ${JSON.stringify(swept)}`);
      else console.log('Orphan sweep: nothing to remove');
    });
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
      stopSweeps();
      setTimeout(() => {
        void Promise.all([stopBlurring(), stopPose()])
          .then(() => app.close())
          .then(() => audit.close())
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
