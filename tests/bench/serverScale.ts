import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import type { UserType } from '#shared/auth/userTypes';
import { PAGE_LIMIT_MAX } from '#shared/records/pageLimits';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import { startPostgresCluster } from '../api/support/postgresCluster.ts';
import {
  childrenCpuMs,
  childrenCpuSince,
  parentPid,
  processCpuMs,
  startBenchServer,
  type BenchServer,
} from './benchServer.ts';
import { clinicianPlans, openLoopStep } from './openLoop.ts';
import { captureEnv, captureStatements, measureFloor } from './requestFloor.ts';
import { benchRow } from './table.ts';
import { COMPRESSION_MEASURE, getAsSent } from './wireEncoding.ts';

/** `BENCH_READ_SECONDS=2` shortens each product-against-peer load (10 s by default) for a smoke run. */
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
/** The app's sync asks for pages of PAGE_LIMIT_MAX (src/app/lib/mirror/sync.ts): 20 of them hold 100k sessions. */
const PAGES = 30;
/** `SERVER_PAGES_ONLY=1` stops after the page walks (no peer or capacity load), for a quick look at the page rows. */
const PAGES_ONLY = process.env.SERVER_PAGES_ONLY === '1';
/** The SQLite server listens here, the PostgreSQL one two ports up (each with the peer route one above it). */
const PORT = Number(process.env.BENCH_SERVER_PORT ?? 8322);

type Login = { id: string; token: string };

async function login(url: string, role: UserType): Promise<Login> {
  const res = await fetch(`${url}/api/${role}Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGINS[role], password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { Data: { ID: string; AccessToken: string } };
  return { id: body.Data.ID, token: body.Data.AccessToken };
}

const auth = (who: Login) => ({ authorization: `Bearer ${who.token}`, 'accept-encoding': 'br, gzip' });
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

/** One keep-alive socket for the timed pages, as a browser's sync keeps one. */
const pageAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** The /healthz pinger's own socket, so that a ping never queues behind a page on the client's side. */
const pingAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * GETs a page and times it from the request to the last byte of the answer as sent (compressed), read through
 * node:http. The bench's own work on the answer (brotli decode and `JSON.parse`) comes after the timer: with `fetch`
 * it was inside it, and its garbage made the bench client mark-compact every few pages, a pause landing on whichever
 * page it fell in (docs/performance.md, "Running the bench").
 */
function timedGet(
  url: string,
  headers: Record<string, string>,
  agent = pageAgent,
): Promise<{ ms: number; text: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - start;
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${String(res.statusCode)}`));
          else resolve({ ms, text: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

/** The first pages of a fresh server, printed apart from the rest (see benchOn). */
const COLD_PAGES = 6;

/**
 * Walks the first pages of the admin's 100k-session list as the app's first sync does, timing each page (timedGet),
 * while a small request (/healthz) is sent every 10 ms: its longest wait is how long a page blocks everyone else.
 * Also the server process's CPU per page (the Node process only: PostgreSQL's own work is in its backends), counted
 * from the second page: the first audited request of a fresh server starts the SQLite audit writer's thread, about a
 * second of CPU loading its modules; and the CPU of pages 2 to COLD_PAGES apart from the rest. On PostgreSQL
 * `databaseCpu` reads its backends' CPU, where the page's SQL runs.
 */
async function timePages(url: string, admin: Login, pid: number, databaseCpu?: () => Map<number, number>) {
  let cpuFrom = NaN;
  let coldCpuTo = NaN;
  let databaseCpuFrom = new Map<number, number>();
  const times: number[] = [];
  let longestPing = 0;
  let walking = true;
  const pinger = (async () => {
    while (walking) {
      // Timed as a page is (timedGet): with `fetch` a ping's answer could wait behind the client's own decode of a page.
      const ping = await timedGet(`${url}/healthz`, {}, pingAgent);
      longestPing = Math.max(longestPing, ping.ms);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  let cursor: string | null = null;
  let bytes = 0;
  for (let i = 0; i < PAGES; i++) {
    const query: string = cursor === null ? '' : `&cursor=${cursor}`;
    const page = await timedGet(`${url}/api/sessions?limit=${String(PAGE_LIMIT_MAX)}${query}`, auth(admin));
    times.push(page.ms);
    if (i === 0) {
      cpuFrom = processCpuMs(pid);
      databaseCpuFrom = databaseCpu?.() ?? databaseCpuFrom;
    }
    if (i === COLD_PAGES - 1) coldCpuTo = processCpuMs(pid);
    bytes += page.text.length;
    cursor = (JSON.parse(page.text) as { nextCursor: string | null }).nextCursor;
    if (cursor === null) break;
  }
  walking = false;
  await pinger;
  const pagesCounted = times.length - 1;
  const cpuTo = processCpuMs(pid);
  return {
    times,
    longestPing,
    bytes,
    cpuPerPage: (cpuTo - cpuFrom) / pagesCounted,
    coldCpuPerPage: (coldCpuTo - cpuFrom) / (COLD_PAGES - 1),
    steadyCpuPerPage: (cpuTo - coldCpuTo) / (times.length - COLD_PAGES),
    databaseCpuPerPage:
      databaseCpu === undefined ? NaN : childrenCpuSince(databaseCpuFrom, databaseCpu()) / pagesCounted,
  };
}

/** The server's CPU a page as printed: the Node process's, and on PostgreSQL its backends' beside it. */
function pageCpu(pages: { cpuPerPage: number; databaseCpuPerPage: number }): string {
  const node = `CPU ${pages.cpuPerPage.toFixed(1)} ms`;
  return Number.isNaN(pages.databaseCpuPerPage)
    ? node
    : `${node} + PostgreSQL ${pages.databaseCpuPerPage.toFixed(1)} ms`;
}

/**
 * The CPU of the PostgreSQL server behind a database URL (its postmaster's children, the backends), read from /proc:
 * this bench's cluster runs on this machine.
 */
async function postgresCpu(url: string): Promise<() => Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = parentPid(rows[0]?.pid ?? 0);
    return () => childrenCpuMs(postmaster);
  } finally {
    await client.end();
  }
}

/**
 * Runs the load; given the server's pid, also the server's CPU per answered request (user + system, every thread),
 * and given `databaseCpu`, PostgreSQL's backends' CPU per answered request beside it.
 */
async function cannon(options: autocannon.Options, pid?: number, databaseCpu?: () => Map<number, number>) {
  const cpuBefore = pid === undefined ? NaN : processCpuMs(pid);
  const databaseBefore = databaseCpu?.();
  const result = await autocannon(options);
  const cpuMs = pid === undefined ? NaN : processCpuMs(pid) - cpuBefore;
  const databaseMs =
    databaseCpu === undefined || databaseBefore === undefined ? NaN : childrenCpuSince(databaseBefore, databaseCpu());
  const requests = Math.max(1, result.requests.total);
  return {
    cpuPerRequest: cpuMs / requests,
    databaseCpuPerRequest: databaseMs / requests,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    errorKinds: `${String(result.errors)} errors, ${String(result.timeouts)} timeouts, ${String(result.non2xx)} non-2xx ${JSON.stringify(result.statusCodeStats)}`,
  };
}

/** A load's CPU a request as printed: the Node process's, and on PostgreSQL its backends' beside it. */
function requestCpu(load: { cpuPerRequest: number; databaseCpuPerRequest: number }): string {
  const node = `server CPU ${load.cpuPerRequest.toFixed(2)} ms`;
  return Number.isNaN(load.databaseCpuPerRequest)
    ? node
    : `${node} + PostgreSQL ${load.databaseCpuPerRequest.toFixed(2)} ms`;
}

type Logins = { admin: Login; clinic: Login; clinician: Login };
type Kind = 'SQLite' | 'PostgreSQL';

/** The page rows: the admin's first sync of 30 pages with the /healthz wait beside it, then a clinic's and a clinician's. */
async function pageRows(kind: Kind, server: BenchServer, who: Logins, databaseCpu?: () => Map<number, number>) {
  const pages = await timePages(server.url, who.admin, server.pid, databaseCpu);
  const median = percentile(pages.times, 0.5);
  const p95 = percentile(pages.times, 0.95);
  console.log(
    `${kind}: ${String(pages.times.length)} pages of ${PAGE_LIMIT_MAX.toLocaleString('en')} sessions: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${(pages.bytes / pages.times.length / 1024).toFixed(0)} KiB of JSON each, server ${pageCpu(pages)} a page; longest /healthz wait ${pages.longestPing.toFixed(1)} ms`,
  );
  console.log(`${kind}: each page, ms: ${pages.times.map((t) => t.toFixed(1)).join(' ')}`);
  // A fresh server's first pages are slower (docs/performance.md, "The request path"): printed
  // apart, and still counted in the page row's median and p95.
  const cold = pages.times.slice(0, COLD_PAGES);
  const steady = pages.times.slice(COLD_PAGES);
  const split = `pages 1-${String(COLD_PAGES)} median ${percentile(cold, 0.5).toFixed(1)} ms (CPU ${pages.coldCpuPerPage.toFixed(1)} ms a page, 2-${String(COLD_PAGES)}), pages ${String(COLD_PAGES + 1)}-${String(pages.times.length)} median ${percentile(steady, 0.5).toFixed(1)} ms, p95 ${percentile(steady, 0.95).toFixed(1)} ms (CPU ${pages.steadyCpuPerPage.toFixed(1)} ms a page)`;
  console.log(`${kind}: a fresh server's ${split}`);
  const sent = await getAsSent(`${server.url}/api/sessions?limit=${String(PAGE_LIMIT_MAX)}`, auth(who.admin));
  benchRow({
    measure: COMPRESSION_MEASURE,
    measured: `API JSON, ${kind}: a ${PAGE_LIMIT_MAX.toLocaleString('en')}-session page sent ${sent.encoding}, ${(sent.wire.length / 1024).toFixed(0)} of ${(sent.body.length / 1024).toFixed(0)} KiB`,
    baseline: 'the same answer uncompressed',
    ratio: (sent.wire.length / sent.body.length).toFixed(2),
    met: sent.encoding === 'br' || sent.encoding === 'gzip',
  });
  benchRow({
    measure: 'GET /api/sessions page at 100k',
    measured: `${kind}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${pageCpu(pages)}; ${split}`,
    met: p95 <= 50,
  });
  benchRow({
    measure: 'Longest wait of a small request during a 100k sync',
    measured: `${kind}: ${pages.longestPing.toFixed(1)} ms`,
    met: pages.longestPing <= 50,
  });

  // A clinic's and a clinician's first sync: their pages are keyed by patient then recording (docs/performance.md, "Session lists").
  for (const [role, login] of [
    ['clinic', who.clinic],
    ['clinician', who.clinician],
  ] as const) {
    const scoped = await timePages(server.url, login, server.pid, databaseCpu);
    const scopedMedian = percentile(scoped.times, 0.5);
    const scopedP95 = percentile(scoped.times, 0.95);
    console.log(
      `${kind}: ${role}'s ${String(scoped.times.length)} pages of up to ${PAGE_LIMIT_MAX.toLocaleString('en')} sessions: median ${scopedMedian.toFixed(1)} ms, p95 ${scopedP95.toFixed(1)} ms, server ${pageCpu(scoped)} a page`,
    );
    benchRow({
      measure: 'GET /api/sessions page at 100k, scoped role',
      measured: `${kind}, ${role}: median ${scopedMedian.toFixed(1)} ms, p95 ${scopedP95.toFixed(1)} ms, ${pageCpu(scoped)}`,
      met: scopedP95 <= 50,
    });
  }
}

/** The peer's figures, measured beside the SQLite product and set beside PostgreSQL's too (the peer is SQLite's). */
const peerFigures = new Map<number, Awaited<ReturnType<typeof cannon>>>();

/** The minimal peer route (tests/bench/peerServer.ts) on a server's SQLite file, in its own process. */
async function startPeer(port: number, dataDir: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/peerServer.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`http://127.0.0.1:${String(port)}/api/sessions`).then(
      (r) => r.status === 401,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * The clinician's 100-row session page (a screenful) at 10 and 50 connections, the product against the peer route
 * on the same data in the same minutes (SQLite: product, peer, product, peer at each count; PostgreSQL: against the
 * peer's figures from the SQLite half of this run).
 */
async function peerRows(
  kind: Kind,
  server: BenchServer,
  port: number,
  who: Logins,
  databaseCpu?: () => Map<number, number>,
) {
  const stopPeer = kind === 'SQLite' ? await startPeer(port + 1, server.dataDir) : undefined;
  try {
    for (const connections of [10, 50]) {
      const load = (url: string, pid?: number) =>
        cannon(
          { url: `${url}/api/sessions?limit=100`, headers: auth(who.clinician), connections, duration: READ_SECONDS },
          pid,
          pid === undefined ? undefined : databaseCpu,
        );
      const product = await load(server.url, server.pid);
      let peer = peerFigures.get(connections);
      if (stopPeer !== undefined) {
        peer = await load(`http://127.0.0.1:${String(port + 1)}`);
        peerFigures.set(connections, peer);
      }
      if (peer === undefined) continue;
      const ratio = product.rps / peer.rps;
      console.log(
        `${kind}: clinician's 100-row page at ${String(connections)} connections: product ${product.rps.toFixed(0)} req/s (${requestCpu(product)}, p99 ${String(product.p99)} ms, ${String(product.errors)} errors), peer route ${peer.rps.toFixed(0)} req/s (p99 ${String(peer.p99)} ms): ${ratio.toFixed(2)}×`,
      );
      benchRow({
        measure: PEER_MEASURE,
        measured: `${kind}, ${String(connections)} connections: ${product.rps.toFixed(0)} req/s, p99 ${String(product.p99)} ms, ${requestCpu(product)}`,
        baseline: `peer route (SQLite) ${peer.rps.toFixed(0)} req/s`,
        ratio: `${ratio.toFixed(2)}×`,
      });
    }
  } finally {
    await stopPeer?.();
  }
}

export const FLOOR_MEASURE = 'Per-request CPU vs its in-process floor';

/**
 * Each page's server CPU a request (Node, and PostgreSQL's backends beside it) against the floor of its own work
 * (requestFloor.ts), in the same minutes: the clinician's session and patient pages and the admin's session page, 100
 * rows each.
 */
async function floorRows(
  kind: Kind,
  server: BenchServer,
  port: number,
  who: Logins,
  database: { sqliteFile: string } | { postgresUrl: string },
  databaseCpu?: () => Map<number, number>,
) {
  const pages: [string, Login, string][] = [
    ["clinician's session page", who.clinician, '/api/sessions?limit=100'],
    ["clinician's patient page", who.clinician, '/api/patients?limit=100'],
    ["admin's session page", who.admin, '/api/sessions?limit=100'],
  ];
  for (const [name, login, path] of pages) {
    const statements = await captureStatements(server, port, `${server.url}${path}`, auth(login));
    const answer = await getAsSent(`${server.url}${path}`, auth(login));
    const floor = await measureFloor(database, statements, answer.body, databaseCpu);
    const product = await cannon(
      { url: `${server.url}${path}`, headers: auth(login), connections: 10, duration: READ_SECONDS },
      server.pid,
      databaseCpu,
    );
    const cpu =
      product.cpuPerRequest + (Number.isNaN(product.databaseCpuPerRequest) ? 0 : product.databaseCpuPerRequest);
    const parts = `SQL ${floor.sqlMs.toFixed(2)} (${String(floor.statements - floor.writes)} reads${floor.writes > 0 ? `, ${String(floor.writes)} writes not run` : ''}) + JSON ${floor.jsonMs.toFixed(2)} + brotli ${floor.brotliMs.toFixed(2)} ms`;
    console.log(
      `${kind}: ${name}: ${requestCpu(product)} a request against a floor of ${floor.ms.toFixed(2)} ms (${parts}): ${(cpu / floor.ms).toFixed(2)}×`,
    );
    benchRow({
      measure: FLOOR_MEASURE,
      measured: `${kind}, ${name}: ${requestCpu(product)} a request`,
      baseline: `floor ${floor.ms.toFixed(2)} ms: ${parts}`,
      ratio: `${(cpu / floor.ms).toFixed(2)}×`,
      met: cpu <= 1.5 * floor.ms,
    });
  }
}

export const PEER_MEASURE = "Clinician's 100-row session page vs minimal peer route";
export const CAPACITY_MEASURE = (kind: Kind) => `Open-loop capacity, 60 clinicians, ${kind}`;

/** `BENCH_CAPACITY_SECONDS=2` shortens each step (20 s by default) for a smoke run; `BENCH_CAPACITY_RATES` sets the steps. */
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 20);
const CAPACITY_RATES = (process.env.BENCH_CAPACITY_RATES ?? '100,150,200,250,300,350,400').split(',').map(Number);
const CAPACITY_P99_MS = 250;

/**
 * The open-loop capacity step (openLoop.ts): 60 clinicians sending the issue's mix at each offered rate in turn. A step
 * meets the service level at p99 ≤ 250 ms, no errors and ≥ 95 % of the offered rate achieved; the capacity is the
 * highest offered rate that meets it, the steps after the first miss being printed all the same.
 */
async function capacityRows(kind: Kind, server: BenchServer, databaseCpu?: () => Map<number, number>) {
  const clinicians = await clinicianPlans(server.url, server.clinicianTokens);
  let capacity = 0;
  for (const rate of CAPACITY_RATES) {
    const step = await openLoopStep(server.url, clinicians, rate, CAPACITY_SECONDS, server.pid, databaseCpu);
    const cpu = requestCpu({
      cpuPerRequest: step.nodeCpuPerRequest,
      databaseCpuPerRequest: step.databaseCpuPerRequest,
    });
    const meets = step.p99 <= CAPACITY_P99_MS && step.errors === 0 && step.achieved >= 0.95 * rate;
    if (meets && rate > capacity) capacity = rate;
    console.log(
      `${kind}: open loop offered ${String(rate)} req/s × ${String(CAPACITY_SECONDS)} s: achieved ${step.achieved.toFixed(0)} req/s, p50 ${step.p50.toFixed(0)} ms, p99 ${step.p99.toFixed(0)} ms, ${String(step.errors)} errors of ${String(step.sent)}${step.errors > 0 ? ` (${step.errorKinds})` : ''}, ${cpu} a request`,
    );
    benchRow({
      measure: CAPACITY_MEASURE(kind),
      measured: `offered ${String(rate)}: achieved ${step.achieved.toFixed(0)} req/s, p50 ${step.p50.toFixed(0)} ms, p99 ${step.p99.toFixed(0)} ms, ${String(step.errors)} errors (${String(CAPACITY_SECONDS)} s), ${cpu}`,
      baseline: `offered ${String(rate)} req/s`,
      ratio: `${(step.achieved / rate).toFixed(2)}×`,
      met: meets,
    });
  }
  benchRow({
    measure: CAPACITY_MEASURE(kind),
    measured: `capacity at p99 ≤ ${String(CAPACITY_P99_MS)} ms: ${String(capacity)} req/s`,
    baseline: 'goal 300 req/s',
    ratio: `${(capacity / 300).toFixed(2)}×`,
    met: capacity >= 300,
  });
}

/** `SERVER_CAPACITY_ONLY=1` runs only the open-loop capacity step, `SERVER_FLOOR_ONLY=1` only the floor rows. */
const CAPACITY_ONLY = process.env.SERVER_CAPACITY_ONLY === '1';
const FLOOR_ONLY = process.env.SERVER_FLOOR_ONLY === '1';

async function benchOn(kind: Kind, port: number, env: Record<string, string>) {
  const server = await startBenchServer(port, {
    env: { ...env, ...captureEnv(port) },
    scale: true,
    clinicianTokens: 60,
  });
  try {
    const [admin, clinic, clinician] = await Promise.all([
      login(server.url, 'admin'),
      login(server.url, 'clinic'),
      login(server.url, 'clinician'),
    ]);
    const who = { admin, clinic, clinician };
    const databaseCpu = env.DATABASE_URL === undefined ? undefined : await postgresCpu(env.DATABASE_URL);
    if (!CAPACITY_ONLY && !FLOOR_ONLY) await pageRows(kind, server, who, databaseCpu);
    if (PAGES_ONLY) return;
    if (!CAPACITY_ONLY && !FLOOR_ONLY) await peerRows(kind, server, port, who, databaseCpu);
    const database =
      env.DATABASE_URL === undefined
        ? { sqliteFile: path.join(server.dataDir, 'gait-portal.sqlite') }
        : { postgresUrl: env.DATABASE_URL };
    if (!CAPACITY_ONLY) await floorRows(kind, server, port, who, database, databaseCpu);
    if (!FLOOR_ONLY) await capacityRows(kind, server, databaseCpu);
  } finally {
    await server.stop();
  }
}

/** The server at clinic scale (20,000 patients, 100,000 sessions), on SQLite and on a throwaway PostgreSQL. */
export async function benchServerScale(): Promise<void> {
  // SERVER_SQLITE_ONLY=1 / SERVER_POSTGRES_ONLY=1 run one database's half.
  if (process.env.SERVER_POSTGRES_ONLY !== '1') await benchOn('SQLite', PORT, {});
  if (process.env.SERVER_SQLITE_ONLY === '1') return;
  const cluster = await startPostgresCluster({ durable: true });
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE gait_bench');
    await admin.end();
    await benchOn('PostgreSQL', PORT + 2, { DATABASE_URL: cluster.url.replace(/\/postgres$/, '/gait_bench') });
  } finally {
    await cluster.stop();
  }
}
