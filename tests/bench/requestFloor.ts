import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { CapturedStatement } from '#server/db/sqlCapture';
import { auditFileOf } from '#server/db/sqliteFile';
import { childrenCpuSince, type BenchServer } from './benchServer.ts';
import { getAsSent } from './wireEncoding.ts';

/**
 * The floor of one request's own work, measured as CPU time in the bench's process: the statements the server ran for it
 * (captured server-side, src/server/db/sqlCapture.ts), run again on prepared statements of a connection of its own,
 * JSON.stringify of the rows they return, and brotli at the server's quality of an answer the size the server sent.
 * Everything else a request costs — framework, validation, token, audit handoff, query building, row mapping — is what
 * the product adds over it.
 */

/** Where a bench server started with `captureEnv(port)` appends the statements it runs while capture is on. */
export function captureFile(port: number): string {
  return path.join(os.tmpdir(), `gait-bench-sql-${String(port)}.jsonl`);
}

export const captureEnv = (port: number) => ({ SQL_CAPTURE_FILE: captureFile(port) });

/**
 * The statements the server runs for one request, with nothing else in flight: the fewest of three captures, each
 * after a pause, because the audit rows of an earlier load may still be being written when a capture starts (on
 * PostgreSQL the trail's writer runs on the server's own connections).
 */
export async function captureStatements(
  server: BenchServer,
  port: number,
  url: string,
  headers: Record<string, string>,
): Promise<CapturedStatement[]> {
  let fewest: CapturedStatement[] | undefined;
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const captured = await captureOnce(server, port, url, headers);
    if (fewest === undefined || captured.length < fewest.length) fewest = captured;
  }
  // `BENCH_PRINT_SQL=1` prints each captured statement, to see what a request runs.
  if (process.env.BENCH_PRINT_SQL === '1') for (const s of fewest ?? []) console.log(`  SQL: ${s.sql.slice(0, 300)}`);
  return fewest ?? [];
}

async function captureOnce(
  server: BenchServer,
  port: number,
  url: string,
  headers: Record<string, string>,
): Promise<CapturedStatement[]> {
  const file = captureFile(port);
  fs.writeFileSync(file, '');
  const toggle = () => execFileSync('kill', ['-USR2', String(server.pid)]);
  toggle();
  // The signal is handled on the server's next turn of its event loop: a ping that answers is past it.
  await fetch(`${server.url}/healthz`);
  try {
    await getAsSent(url, headers);
  } finally {
    toggle();
    await fetch(`${server.url}/healthz`);
  }
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CapturedStatement);
}

const isRead = (statement: CapturedStatement) => /^\s*(select|with)\b/i.test(statement.sql);
/** The bench process's own CPU (user + system, µs resolution) in ms. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export type Floor = { ms: number; sqlMs: number; jsonMs: number; brotliMs: number; statements: number; writes: number };

/**
 * The floor of a request whose statements are `statements` and whose answer was `answerBytes` long (uncompressed), in
 * CPU time, so that a busy machine's waits are not counted: each part is run `runs` times in a row and its CPU
 * divided by `runs` — its reads (writes are counted, not run: replaying them would change the data), the stringify
 * of their rows and a brotli of a body that size (the request's own answer). On PostgreSQL the backends' CPU
 * (`databaseCpu`, from /proc) is added to the SQL's.
 */
export async function measureFloor(
  database: { sqliteFile: string } | { postgresUrl: string },
  statements: readonly CapturedStatement[],
  answer: Buffer,
  databaseCpu?: () => Map<number, number>,
  runs = 60,
): Promise<Floor> {
  const reads = statements.filter(isRead);
  let run: () => Promise<unknown[][]>;
  let close: () => Promise<void>;
  if ('sqliteFile' in database) {
    const db = new Database(database.sqliteFile, { readonly: true, fileMustExist: true });
    db.pragma('cache_size = -65536');
    // The trail's file is attached as the server's connection has it (src/server/db/sqliteFile.ts).
    db.prepare('ATTACH DATABASE ? AS audit').run(auditFileOf(database.sqliteFile));
    const prepared = reads.map((s) => ({ statement: db.prepare(s.sql), parameters: s.parameters }));
    run = () => Promise.resolve(prepared.map((p) => p.statement.all(...p.parameters)));
    close = () => {
      db.close();
      return Promise.resolve();
    };
  } else {
    const client = new pg.Client({ connectionString: database.postgresUrl });
    await client.connect();
    run = async () => {
      const rows: unknown[][] = [];
      for (const [i, s] of reads.entries()) {
        const result = await client.query({ name: `floor_${String(i)}`, text: s.sql, values: [...s.parameters] });
        rows.push(result.rows);
      }
      return rows;
    };
    close = () => client.end();
  }
  try {
    // Once untimed: statements prepared, pages cached, as on a server that has answered before.
    const rows = await run();
    const databaseFrom = databaseCpu?.();
    let t = cpuNow();
    for (let i = 0; i < runs; i++) await run();
    const backends =
      databaseFrom === undefined || databaseCpu === undefined ? 0 : childrenCpuSince(databaseFrom, databaseCpu());
    const sqlMs = (cpuNow() - t + backends) / runs;
    t = cpuNow();
    for (let i = 0; i < runs; i++) JSON.stringify(rows);
    const jsonMs = (cpuNow() - t) / runs;
    t = cpuNow();
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.length };
    for (let i = 0; i < runs; i++) zlib.brotliCompressSync(answer, { params });
    const brotliMs = (cpuNow() - t) / runs;
    return {
      ms: sqlMs + jsonMs + brotliMs,
      sqlMs,
      jsonMs,
      brotliMs,
      statements: statements.length,
      writes: statements.length - reads.length,
    };
  } finally {
    await close();
  }
}
