import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { CapturedStatement } from '#server/db/sqlCapture';
import type { BenchServer } from './benchServer.ts';
import { getAsSent } from './wireEncoding.ts';

/**
 * The floor of one request's own work, measured in the bench's process: the statements the server ran for it
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

/** The statements the server runs for one request, with nothing else in flight. */
export async function captureStatements(
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
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export type Floor = { ms: number; sqlMs: number; jsonMs: number; brotliMs: number; statements: number; writes: number };

/**
 * The floor of a request whose statements are `statements` and whose answer was `answerBytes` long (uncompressed):
 * the median over `runs` of its reads (writes are counted, not run: replaying them would change the data), the
 * stringify of their rows and a brotli of a body that size (the request's own answer).
 */
export async function measureFloor(
  database: { sqliteFile: string } | { postgresUrl: string },
  statements: readonly CapturedStatement[],
  answer: Buffer,
  runs = 30,
): Promise<Floor> {
  const reads = statements.filter(isRead);
  let run: () => Promise<unknown[][]>;
  let close: () => Promise<void>;
  if ('sqliteFile' in database) {
    const db = new Database(database.sqliteFile, { readonly: true, fileMustExist: true });
    db.pragma('cache_size = -65536');
    const prepared = reads.map((s) => ({ statement: db.prepare(s.sql), parameters: s.parameters }));
    run = () => Promise.resolve(prepared.map((p) => p.statement.all(...p.parameters)));
    close = () => Promise.resolve(db.close());
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
  const sql: number[] = [];
  const json: number[] = [];
  const brotli: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const rows = await run();
      const t1 = performance.now();
      JSON.stringify(rows);
      const t2 = performance.now();
      zlib.brotliCompressSync(answer, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.length },
      });
      const t3 = performance.now();
      sql.push(t1 - t0);
      json.push(t2 - t1);
      brotli.push(t3 - t2);
    }
  } finally {
    await close();
  }
  const [sqlMs, jsonMs, brotliMs] = [median(sql), median(json), median(brotli)];
  return {
    ms: sqlMs + jsonMs + brotliMs,
    sqlMs,
    jsonMs,
    brotliMs,
    statements: statements.length,
    writes: statements.length - reads.length,
  };
}
