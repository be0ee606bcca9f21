import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app';
import { createAuditTrail } from '#server/audit/auditTrail';
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
  /** Everything the server logged, to check that no secret reaches the logs. */
  logs(): string;
  close(): Promise<void>;
};

async function freshDatabase(kind: DbKind): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
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

/** A server on a fresh, migrated database of the given kind with the demo data, reached through inject(). */
export async function startTestApp(kind: DbKind, env: Record<string, string> = {}): Promise<TestApp> {
  const { config: databaseConfig, drop } = await freshDatabase(kind);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }), database: databaseConfig };
  const database: DbHandle = connectDatabase(databaseConfig);
  await migrateToLatest(database);
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  await seedDemoData(database.db, clock());
  const deps: AppDeps = { config, database, clock, audit: createAuditTrail(database, clock) };
  let logText = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  const app = await buildApp(deps, { serveClient: false, logStream: stream });
  await app.ready();
  return {
    app,
    deps,
    advanceClock: (seconds) => (offsetMs += seconds * 1000),
    logs: () => logText,
    async close() {
      await app.close();
      await database.db.destroy();
      await drop();
    },
  };
}
