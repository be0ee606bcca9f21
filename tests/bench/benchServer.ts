import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type BenchServer = { url: string; pid: number; stop: () => Promise<void> };

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not start`);
}

/** Seeds the demo data and a clinic at scale (tests/scale) into a data directory, in a process of its own. */
async function prepareScale(dataDir: string): Promise<void> {
  const seeding = spawn(process.execPath, ['--import', 'tsx', 'tests/scale/prepareScaleData.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise((resolve) => seeding.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the scale data failed (exit ${String(code)})`);
}

/**
 * The built product (dist/) on a fresh demo database, as the benchmarks measure it; `atScale` adds 20,000 patients
 * and 100,000 sessions before the server starts.
 */
export async function startBenchServer(port: number, options: { atScale?: boolean } = {}): Promise<BenchServer> {
  if (!fs.existsSync(path.resolve('dist', 'index.html'))) throw new Error('dist/ is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-bench-'));
  if (options.atScale) await prepareScale(dataDir);
  // node with tsx as a loader is one process: killing `npx tsx` would leave its node child listening.
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  const url = `http://localhost:${String(port)}`;
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${url}/login`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: server.pid ?? 0, stop };
}
