import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { CallDefinition } from '#shared/api/call';
import { API_CALLS } from '#shared/api/calls';
import { buildApp } from '#server/app';
import { openAuditSeal } from '#server/audit/auditSeal';
import { openAuditTrail } from '#server/audit/auditTrail';
import { deviceCookieKey } from '#server/auth/deviceCookie';
import { loadConfig, type DatabaseConfig } from '#server/config';
import { connectDatabase, type DbHandle, type DbKind } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { AppDeps } from '#server/deps';
import { seedDemoData } from '#server/seed/demoSeed';

export const DATABASE_KINDS: readonly DbKind[] = ['sqlite', 'postgres'];

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  /** Moves the server's clock forward, e.g. past a token's idle expiry. */
  advanceClock(seconds: number): void;
  /**
   * Stops the server's clock where it is (advanceClock still moves it): for checks that count what happens at one
   * instant, which a busy machine would otherwise spread over seconds.
   */
  freezeClock(): void;
  /** Everything the server logged, to check that no secret reaches the logs. */
  logs(): string;
  close(): Promise<void>;
};

export async function freshDatabase(kind: DbKind): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-api-'));
    return {
      config: { kind, file: path.join(dir, 'test.sqlite') },
      drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
    };
  }
  const adminUrl = inject('postgresUrl');
  const name = `gait_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    config: { kind, url: adminUrl.replace(/\/postgres$/, `/${name}`) },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Notes every answer whose status the call map does not list for its call, so that each suite also checks the
 * contract: an API that answers what its OpenAPI document does not say fails the suite that saw it (at close).
 */
function watchAnswers(app: FastifyInstance): Set<string> {
  const undocumented = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const name = request.routeOptions.config.call;
    if (name === undefined) return;
    const call: CallDefinition = API_CALLS[name];
    if (!(reply.statusCode in call.answers)) undocumented.add(`${name} ${String(reply.statusCode)}`);
  });
  return undocumented;
}

/** A server on a fresh, migrated database of the given kind with the demo data, reached through inject(). */
export async function startTestApp(kind: DbKind, env: Record<string, string> = {}): Promise<TestApp> {
  const { config: databaseConfig, drop } = await freshDatabase(kind);
  // Files the server keeps beside the database (stored files, the audit key and checkpoint) go to a folder of its own.
  const ownDataDir = env.DATA_DIR === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'gait-data-')) : undefined;
  const settings = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    ...(ownDataDir === undefined ? {} : { DATA_DIR: ownDataDir }),
    ...env,
  };
  const config = { ...loadConfig(settings), database: databaseConfig };
  const database: DbHandle = connectDatabase(databaseConfig);
  await migrateToLatest(database);
  let offsetMs = 0;
  let frozenAtMs: number | undefined;
  const clock = () => new Date((frozenAtMs ?? Date.now()) + offsetMs);
  await seedDemoData(database.db, clock());
  const seal = openAuditSeal(config, { create: true });
  const audit = await openAuditTrail(database, clock, seal);
  const deps: AppDeps = { config, database, clock, audit, deviceCookieKey: deviceCookieKey(seal.key) };
  let logText = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  const app = await buildApp(deps, { serveClient: false, logStream: stream });
  const undocumented = watchAnswers(app);
  await app.ready();
  return {
    app,
    deps,
    advanceClock: (seconds) => (offsetMs += seconds * 1000),
    freezeClock: () => (frozenAtMs ??= Date.now()),
    logs: () => logText,
    async close() {
      await app.close();
      if (undocumented.size > 0) {
        throw new Error(`Answers the call map does not document: ${[...undocumented].sort().join('; ')}`);
      }
      await audit.close();
      await database.db.destroy();
      await drop();
      if (ownDataDir !== undefined) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
