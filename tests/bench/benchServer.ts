import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '#server/nodeFlags';

export { CHROMIUM_ARGS } from '../e2e/support/chromium.ts';

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from Linux's /proc (NaN elsewhere). On a
 * shared machine the CPU a server spends per answer carries over between runs where wall times do not: a busy
 * machine stretches every wait, but a request still costs about the same CPU.
 */
export function processCpuMs(pid: number): number {
  try {
    const fields =
      fs
        .readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of proc(5), counted in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * CPU time (as processCpuMs) of each process whose parent is `parentPid`, by pid: a PostgreSQL server's backends are
 * children of its postmaster, and a page's SQL runs there, not in the Node process.
 */
export function childrenCpuMs(parentPid: number): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[1]) === parentPid) cpu.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // the process has exited
    }
  }
  return cpu;
}

/**
 * The CPU the children used between two readings of childrenCpuMs. A backend that exits in between (the pool drops an
 * idle connection after 10 s) takes its count with it: its share is missed, never counted below zero.
 */
export function childrenCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** The parent of a process (PostgreSQL: a backend's postmaster), from /proc. */
export function parentPid(pid: number): number {
  return Number(
    fs
      .readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ')[1],
  );
}

export type BenchServer = {
  url: string;
  pid: number;
  /** The server's DATA_DIR (its SQLite file is gait-portal.sqlite there). */
  dataDir: string;
  /** The clinicians' tokens asked for with `clinicianTokens`. */
  clinicianTokens: string[];
  stop: () => Promise<void>;
};

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

export type BenchServerOptions = {
  /** More environment for the server, e.g. DATABASE_URL for PostgreSQL. */
  env?: Record<string, string>;
  /** Seed the clinic at scale (20,000 patients, 100,000 sessions) through the server's own code first. */
  scale?: boolean;
  /** Serve the bench build (dist-bench/, `npm run build:bench`), whose hooks a bench drives, not the product's. */
  benchBuild?: boolean;
  /** Mint tokens for this many clinicians of the scale data (tests/bench/mintClinicianTokens.ts) before the server starts. */
  clinicianTokens?: number;
};

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${String(code)}`)),
    );
  });
}

/** The built product (dist/) on a fresh demo database (or one at scale), as the benchmarks measure it. */
export async function startBenchServer(port: number, options: BenchServerOptions = {}): Promise<BenchServer> {
  const [clientDir, build] = options.benchBuild === true ? ['dist-bench', 'build:bench'] : ['dist', 'build'];
  if (!fs.existsSync(path.resolve(clientDir, 'index.html'))) {
    throw new Error(`${clientDir}/ is missing: run npm run ${build} first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    NODE_ENV: 'test',
    ...options.env,
  };
  if (options.scale === true) await run(['--import', 'tsx', 'tests/scale/prepareScaleData.ts'], env);
  const tokensFile = path.join(dataDir, 'bench-clinician-tokens.json');
  if (options.clinicianTokens !== undefined) {
    await run(
      ['--import', 'tsx', 'tests/bench/mintClinicianTokens.ts', String(options.clinicianTokens), tokensFile],
      env,
    );
  }
  const clinicianTokens = fs.existsSync(tokensFile)
    ? (JSON.parse(fs.readFileSync(tokensFile, 'utf8')) as string[])
    : [];
  // node with tsx as a loader is one process: killing `npx tsx` would leave its node child listening. It runs with
  // the flags `npm start` gives it (SERVER_NODE_FLAGS).
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server a bench drives.
  const nodeArgs = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== ''),
  ];
  // BENCH_SERVER_LOG=<file> keeps the server's output (e.g. of --trace-gc) there; it is dropped otherwise.
  const log = process.env.BENCH_SERVER_LOG;
  const output = log === undefined ? 'ignore' : fs.openSync(log, 'a');
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', output, output],
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
  return { url, pid: server.pid ?? 0, dataDir, clinicianTokens, stop };
}
