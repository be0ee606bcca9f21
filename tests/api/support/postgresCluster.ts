import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL server in a temporary directory, for the API suites. */
export type PostgresCluster = { url: string; stop(): Promise<void> };

function findBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'postgres'))) return bin;
  }
  throw new Error(
    'PostgreSQL server binaries were not found under /usr/lib/postgresql/*/bin. ' +
      'Install them with: apt-get update && apt-get install -y postgresql',
  );
}

function freePort(): Promise<number> {
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

// initdb and postgres refuse to run as root; as root we run them as the 'postgres' user. Spawning with its uid
// (rather than through runuser) keeps postgres our direct child, so the signal in stop() reaches it.
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitForConnections(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited during start-up:\n${log()}`);
    const ready = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ready && log().includes('ready to accept connections')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`PostgreSQL did not start within 30 s:\n${log()}`);
}

/**
 * `durable: true` (the benches) keeps PostgreSQL's own defaults — fsync, synchronous commit, full page writes — as a
 * clinic's server runs; the API suites turn them off, their cluster living for one test run only.
 */
export async function startPostgresCluster(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = findBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-pg-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const user = serverUser();
  execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], {
    stdio: 'pipe',
    cwd: dir,
    ...user,
  });

  const port = await freePort();
  const fast = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
  const settings = [...(options.durable === true ? [] : fast), 'listen_addresses=127.0.0.1', 'max_connections=200'];
  const args = ['-D', dataDir, '-p', String(port), '-k', dir, ...settings.flatMap((setting) => ['-c', setting])];
  let output = '';
  const child = spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, ...user });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForConnections(port, child, () => output);

  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
