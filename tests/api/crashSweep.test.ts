import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuditSeal } from '#server/audit/auditSeal';
import { verifyAuditChain } from '#server/audit/verifyAuditChain';
import { loadConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import { DATABASE_KINDS, freshDatabase } from './support/testApp.ts';

/**
 * kill -9 in the middle of uploads, then a restart: the sweep at start removes the half-written files and the stored
 * files no row points to, and keeps every file a row needs. The real server runs as a child process, as deployed.
 */
type Server = { child: ChildProcess; port: number; output: () => string };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>, waitFor: RegExp): Promise<Server> {
  const port = await freePort();
  // node --import tsx, not the tsx launcher: one process, so SIGKILL reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!waitFor.test(output)) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not say ${String(waitFor)}:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, output: () => output };
}

async function call(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${String(port)}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** An upload that trickles in until the server dies: it leaves a half-written part file behind. */
function trickle(port: number, token: string, id: string): void {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/addSession/sendFile?UserType=admin&FileUploadID=${id}`,
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
  });
  request.on('error', () => undefined);
  const timer = setInterval(() => {
    if (request.destroyed) clearInterval(timer);
    else request.write(Buffer.alloc(16 * 1024, 0x41));
  }, 20);
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe.each(DATABASE_KINDS)('a kill -9 during uploads, then a restart (%s)', (kind) => {
  let server: Server | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('sweeps what the crash left and keeps every file a row needs', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const postgres = kind === 'postgres' ? await freshDatabase(kind) : undefined;
    if (postgres !== undefined) cleanups.push(postgres.drop);
    const env = {
      DATA_DIR: dataDir,
      ...(postgres?.config.kind === 'postgres' ? { DATABASE_URL: postgres.config.url } : {}),
    };
    const files = path.join(dataDir, 'files');

    server = await startServer(env, /Orphan sweep/);
    const { port } = server;
    const login = await call(port, 'POST', '/api/adminLogin', { username: DEMO_LOGINS.admin, password: DEMO_PASSWORD });
    const token = String((login.body.Data as { AccessToken: string }).AccessToken);
    for (let i = 0; i < 6; i++) trickle(port, token, `crash-${String(i)}`);
    const deadline = Date.now() + 20_000;
    while (filesUnder(path.join(files, 'tmp')).length < 6 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    server.child.kill('SIGKILL');
    await new Promise((r) => server?.child.once('exit', r));
    server = undefined;
    const halfWritten = filesUnder(path.join(files, 'tmp'));
    expect(halfWritten.length).toBeGreaterThanOrEqual(6);

    // A crash between storing a file and committing its row leaves a complete file under a key no row names;
    // a crash between creating a tus upload in the upload store and recording it leaves an upload of no row.
    const kept = filesUnder(files).filter((f) => /^[0-9a-f]{2}\//.test(f));
    const orphanKey = randomUUID().replaceAll('-', '');
    fs.mkdirSync(path.join(files, orphanKey.slice(0, 2)), { recursive: true });
    fs.copyFileSync(path.join(files, kept[0] ?? ''), path.join(files, orphanKey.slice(0, 2), orphanKey));
    fs.mkdirSync(path.join(files, 'uploads'), { recursive: true });
    const orphanUpload = randomUUID().replaceAll('-', '');
    fs.writeFileSync(path.join(files, 'uploads', orphanUpload), 'half');
    fs.writeFileSync(
      path.join(files, 'uploads', `${orphanUpload}.json`),
      JSON.stringify({ id: orphanUpload, size: 9 }),
    );
    // An hour passes before the restart: everything is older than the sweep's grace period.
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of filesUnder(files)) fs.utimesSync(path.join(files, file), anHourAgo, anHourAgo);

    // …but a file stored a moment ago may still be on its way to its row: the sweep leaves it for the next turn.
    const youngKey = randomUUID().replaceAll('-', '');
    fs.mkdirSync(path.join(files, youngKey.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(files, youngKey.slice(0, 2), youngKey), 'just stored');
    const young = path.join(youngKey.slice(0, 2), youngKey);

    server = await startServer(env, /Orphan sweep removed/);
    expect(server.output()).toMatch(/"abandonedWrites":[6-9]|"abandonedWrites":\d\d/);
    expect(filesUnder(files)).toEqual([...kept, young].sort());
    fs.rmSync(path.join(files, young));

    const config = { ...loadConfig(env) };
    const database = connectDatabase(config.database);
    cleanups.unshift(() => database.db.destroy());
    const needed = await database.db.selectFrom('session_files').select('storage_key').execute();
    expect(needed.length).toBeGreaterThan(0);
    expect(new Set(kept.map((f) => path.basename(f)))).toEqual(new Set(needed.map((r) => r.storage_key)));
    expect(await verifyAuditChain(database, openAuditSeal(config, { create: false }))).toMatchObject({ ok: true });
    if (config.database.kind === 'sqlite') {
      const sqlite = new SqliteDatabase(config.database.file, { readonly: true });
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      sqlite.close();
    }
  });
});
