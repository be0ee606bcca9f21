import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** One server process of the product, started as an operator starts it (`tsx src/server/main.ts`). */
export type Instance = {
  name: string;
  url: string;
  /** Its own DATA_DIR, which holds its audit checkpoint. */
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves once the process has exited, with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database in the run's cluster; the instances share it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `gait_multi_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function waitUntilReady(instance: Instance, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${instance.name} exited during start-up:\n${instance.output()}`);
    const ready = await fetch(`${instance.url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} was not ready within 90 s:\n${instance.output()}`);
}

/**
 * Starts one instance with its own port and DATA_DIR and the shared settings in `env`; resolves once ready.
 * `joining` is a running instance whose audit checkpoint the new one starts from, as an operator adds an instance
 * to a database whose trail already has rows (README, Audit trail).
 */
export async function startInstance(name: string, env: Record<string, string>, joining?: Instance): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gait-${name}-`));
  if (joining !== undefined) {
    fs.copyFileSync(path.join(joining.dataDir, 'audit-checkpoint.json'), path.join(dataDir, 'audit-checkpoint.json'));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_SECONDS: '2',
      // Pose from video costs seconds of CPU a video: only a test that asks for it runs it.
      POSE_WORKERS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${String(port)}`,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  await waitUntilReady(instance, child);
  return instance;
}

/**
 * A small round-robin load balancer on loopback: each new request goes to the next instance that is up, as a
 * reverse proxy would send it. `X-Forwarded-For` is not set, so client addresses are the proxy's.
 */
export type Balancer = { url: string; served: Map<string, number>; close: () => Promise<void> };

export async function startBalancer(instances: readonly Instance[]): Promise<Balancer> {
  let next = 0;
  const served = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const alive = instances.filter(
      (instance) => instance.process.exitCode === null && instance.process.signalCode === null,
    );
    const target = alive[next++ % Math.max(alive.length, 1)];
    if (target === undefined) {
      response.writeHead(502).end();
      return;
    }
    served.set(target.name, (served.get(target.name) ?? 0) + 1);
    const upstream = http.request(
      `${target.url}${request.url ?? '/'}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String(port)}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
