import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import type { UserType } from '#shared/auth/userTypes';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import { startPostgresCluster } from '../api/support/postgresCluster.ts';
import { patientBody } from '../api/support/records.ts';
import {
  childrenCpuMs,
  childrenCpuSince,
  parentPid,
  processCpuMs,
  startBenchServer,
  type BenchServer,
} from './benchServer.ts';
import { benchRow } from './table.ts';
import { COMPRESSION_MEASURE, getAsSent } from './wireEncoding.ts';

/** `BENCH_LOAD_SECONDS=10 npm run bench` shortens the mixed load (60 s by default) for CI; reads run a sixth of it. */
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const READ_SECONDS = Math.max(5, Math.round(LOAD_SECONDS / 6));
const PAGES = 30;
/** `SERVER_PAGES_ONLY=1` stops after the page walks (no read or mixed load), for a quick look at the page rows. */
const PAGES_ONLY = process.env.SERVER_PAGES_ONLY === '1';
/** `SERVER_MIXED_ONLY=1` runs only the 200-connection mixed load (no page walks, no read row), for its A/Bs. */
const MIXED_ONLY = process.env.SERVER_MIXED_ONLY === '1';
/**
 * `SERVER_MIXED_KINDS=1` first runs each of the mixed load's kinds of request alone and prints its CPU a request (the
 * mixed load then follows their edits).
 */
const MIXED_KINDS = process.env.SERVER_MIXED_KINDS === '1';
/** The SQLite server listens here, the PostgreSQL one two ports up (each with its hello-world one above it). */
const PORT = Number(process.env.BENCH_SERVER_PORT ?? 8322);

type Login = { id: string; token: string };
type Row = Record<string, string | number | boolean | null>;

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
    const query: string = cursor === null ? '' : `?cursor=${cursor}`;
    const page = await timedGet(`${url}/api/sessions${query}`, auth(admin));
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

/**
 * A bare Fastify answering constant JSON, in its own process: the same-run ceiling for a read, under the same number
 * of connections as the load it is set beside.
 */
async function helloWorld(port: number, connections: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/helloServer.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${String(port)}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await cannon({ url: `http://127.0.0.1:${String(port)}/`, connections, duration: READ_SECONDS });
  } finally {
    child.kill('SIGTERM');
  }
}

type Logins = { admin: Login; clinic: Login; clinician: Login };
type Kind = 'SQLite' | 'PostgreSQL';

/** The page rows: the admin's first sync of 30 pages with the /healthz wait beside it, then a clinic's and a clinician's. */
async function pageRows(kind: Kind, server: BenchServer, who: Logins, databaseCpu?: () => Map<number, number>) {
  const pages = await timePages(server.url, who.admin, server.pid, databaseCpu);
  const median = percentile(pages.times, 0.5);
  const p95 = percentile(pages.times, 0.95);
  console.log(
    `${kind}: ${String(pages.times.length)} pages of 1,000 sessions: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${(pages.bytes / pages.times.length / 1024).toFixed(0)} KiB of JSON each, server ${pageCpu(pages)} a page; longest /healthz wait ${pages.longestPing.toFixed(1)} ms`,
  );
  console.log(`${kind}: each page, ms: ${pages.times.map((t) => t.toFixed(1)).join(' ')}`);
  // A fresh server's first pages are slower (docs/performance.md, "The request path"): printed
  // apart, and still counted in the page row's median and p95.
  const cold = pages.times.slice(0, COLD_PAGES);
  const steady = pages.times.slice(COLD_PAGES);
  const split = `pages 1-${String(COLD_PAGES)} median ${percentile(cold, 0.5).toFixed(1)} ms (CPU ${pages.coldCpuPerPage.toFixed(1)} ms a page, 2-${String(COLD_PAGES)}), pages ${String(COLD_PAGES + 1)}-${String(pages.times.length)} median ${percentile(steady, 0.5).toFixed(1)} ms, p95 ${percentile(steady, 0.95).toFixed(1)} ms (CPU ${pages.steadyCpuPerPage.toFixed(1)} ms a page)`;
  console.log(`${kind}: a fresh server's ${split}`);
  const sent = await getAsSent(`${server.url}/api/sessions`, auth(who.admin));
  benchRow({
    measure: COMPRESSION_MEASURE,
    measured: `API JSON, ${kind}: a 1,000-session page sent ${sent.encoding}, ${(sent.wire.length / 1024).toFixed(0)} of ${(sent.body.length / 1024).toFixed(0)} KiB`,
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
      `${kind}: ${role}'s ${String(scoped.times.length)} pages of up to 1,000 sessions: median ${scopedMedian.toFixed(1)} ms, p95 ${scopedP95.toFixed(1)} ms, server ${pageCpu(scoped)} a page`,
    );
    benchRow({
      measure: 'GET /api/sessions page at 100k, scoped role',
      measured: `${kind}, ${role}: median ${scopedMedian.toFixed(1)} ms, p95 ${scopedP95.toFixed(1)} ms, ${pageCpu(scoped)}`,
      met: scopedP95 <= 50,
    });
  }
}

/** The clinician's 100-row session page at 50 connections against a hello-world at 50. */
async function readRow(kind: Kind, server: BenchServer, port: number, who: Logins) {
  const read = await cannon(
    {
      url: `${server.url}/api/sessions?limit=100`,
      headers: auth(who.clinician),
      connections: 50,
      duration: READ_SECONDS,
    },
    server.pid,
  );
  const hello = await helloWorld(port + 1, 50);
  const ratio = read.rps / hello.rps;
  console.log(
    `${kind}: clinician's session list (100 rows) ${read.rps.toFixed(0)} req/s (server CPU ${read.cpuPerRequest.toFixed(2)} ms each) vs hello-world ${hello.rps.toFixed(0)} req/s: ${ratio.toFixed(2)}×`,
  );
  benchRow({
    measure: 'Authenticated list read vs Fastify hello-world',
    measured: `${kind}: ${read.rps.toFixed(0)} req/s (100-row session page, CPU ${read.cpuPerRequest.toFixed(2)} ms each)`,
    baseline: `${hello.rps.toFixed(0)} req/s`,
    ratio: `${ratio.toFixed(2)}×`,
    met: ratio >= 0.3,
  });
}

/**
 * The mixed load's five kinds of request, each connection looping them in turn: a page of patients and one of
 * sessions (100 rows each, a screenful), one patient, a joint data download, and an edit.
 */
async function mixedRequests(server: BenchServer, who: Logins): Promise<[string, autocannon.Request][]> {
  const sessions = (await (
    await fetch(`${server.url}/api/sessions?limit=100`, { headers: auth(who.clinician) })
  ).json()) as { sessions: Row[] };
  const withData = sessions.sessions.find((s) => s.Data === true);
  const patientId = String(sessions.sessions[0]?.UniquePatientID ?? '');
  let edit = 0;
  return [
    ['patients page', { method: 'GET', path: '/api/patients?limit=100', headers: auth(who.clinician) }],
    ['sessions page', { method: 'GET', path: '/api/sessions?limit=100', headers: auth(who.clinician) }],
    ['one patient', { method: 'GET', path: `/api/patient?PatientID=${patientId}`, headers: auth(who.clinician) }],
    withData === undefined
      ? ['small sessions page', { method: 'GET', path: '/api/sessions?limit=10', headers: auth(who.clinician) }]
      : [
          'joint data download',
          {
            method: 'GET',
            path: sessionFilePath(String(withData.SessionID), String(withData.SubSessionID), 'jointData'),
            headers: auth(who.clinician),
          },
        ],
    [
      'edit (addPatient)',
      {
        method: 'POST',
        path: '/api/addPatient',
        headers: { ...auth(who.clinic), 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify(patientBody({ ID: `LOAD-${randomBytes(4).toString('hex')}-${String(edit++)}` })),
        }),
      },
    ],
  ];
}

async function mixedRow(
  kind: Kind,
  server: BenchServer,
  port: number,
  who: Logins,
  databaseCpu?: () => Map<number, number>,
) {
  const requests = await mixedRequests(server, who);
  if (MIXED_KINDS) {
    // Each kind alone at the same 200 connections, before the mixed load (whose edits add patients to the clinic the
    // clinician's lists read) and the edits last: what a mixed request's CPU is made of (not a budget row).
    for (const [name, request] of requests) {
      const alone = await cannon(
        { url: server.url, connections: 200, duration: READ_SECONDS, requests: [request] },
        server.pid,
        databaseCpu,
      );
      console.log(
        `${kind}: ${name} alone at 200 connections: ${alone.rps.toFixed(0)} req/s, p99 ${String(alone.p99)} ms, ${String(alone.errors)} errors, ${requestCpu(alone)} a request`,
      );
    }
  }
  const mixed = await cannon(
    { url: server.url, connections: 200, duration: LOAD_SECONDS, requests: requests.map(([, request]) => request) },
    server.pid,
    databaseCpu,
  );
  // The goal is a multiple of a figure measured in another run; the hello-world under the same 200 connections, in
  // this run, says how much of the machine this run had (its rate on an idle machine is 20-60k req/s).
  const hello200 = await helloWorld(port + 1, 200);
  const goalRps = kind === 'SQLite' ? 1806 : 975;
  console.log(
    `${kind}: 200 connections × ${String(LOAD_SECONDS)} s mixed: ${mixed.rps.toFixed(0)} req/s, p99 ${String(mixed.p99)} ms, ${String(mixed.errors)} errors or non-2xx (${mixed.errorKinds}), ${requestCpu(mixed)} a request; hello-world at 200 connections ${hello200.rps.toFixed(0)} req/s`,
  );
  benchRow({
    measure: `200 connections mixed load, ${kind}`,
    measured: `${mixed.rps.toFixed(0)} req/s, p99 ${String(mixed.p99)} ms, ${String(mixed.errors)} errors (${String(LOAD_SECONDS)} s), CPU ${mixed.cpuPerRequest.toFixed(2)} ms each`,
    baseline: `issue's figure ${kind === 'SQLite' ? '602' : '325'} req/s (hello-world ${hello200.rps.toFixed(0)})`,
    ratio: `${(mixed.rps / (kind === 'SQLite' ? 602 : 325)).toFixed(2)}×`,
    met: mixed.rps >= goalRps && mixed.p99 <= 250 && mixed.errors === 0,
  });
}

async function benchOn(kind: Kind, port: number, env: Record<string, string>) {
  const server = await startBenchServer(port, { env, scale: true });
  try {
    const [admin, clinic, clinician] = await Promise.all([
      login(server.url, 'admin'),
      login(server.url, 'clinic'),
      login(server.url, 'clinician'),
    ]);
    const who = { admin, clinic, clinician };
    const databaseCpu = env.DATABASE_URL === undefined ? undefined : await postgresCpu(env.DATABASE_URL);
    if (!MIXED_ONLY) await pageRows(kind, server, who, databaseCpu);
    if (PAGES_ONLY) return;
    if (!MIXED_ONLY) await readRow(kind, server, port, who);
    await mixedRow(kind, server, port, who, databaseCpu);
  } finally {
    await server.stop();
  }
}

/** The server at clinic scale (20,000 patients, 100,000 sessions), on SQLite and on a throwaway PostgreSQL. */
export async function benchServerScale(): Promise<void> {
  // SERVER_SQLITE_ONLY=1 / SERVER_POSTGRES_ONLY=1 run one database's half.
  if (process.env.SERVER_POSTGRES_ONLY !== '1') await benchOn('SQLite', PORT, {});
  if (process.env.SERVER_SQLITE_ONLY === '1') return;
  const cluster = await startPostgresCluster();
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
