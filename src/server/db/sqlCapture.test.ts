import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqlCaptureLog } from './sqlCapture.ts';

const dirs: string[] = [];
afterEach(() => {
  process.removeAllListeners('SIGUSR2');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function captureFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-capture-'));
  dirs.push(dir);
  return path.join(dir, 'statements.jsonl');
}

describe('sqlCaptureLog', () => {
  it('is no logger at all outside the test environment or without a file', () => {
    expect(sqlCaptureLog({ SQL_CAPTURE_FILE: captureFile(), NODE_ENV: 'production' })).toBeUndefined();
    expect(sqlCaptureLog({ NODE_ENV: 'test' })).toBeUndefined();
  });

  it('writes the statements run between two SIGUSR2s, with their parameters, and no others', async () => {
    const file = captureFile();
    const log = sqlCaptureLog({ SQL_CAPTURE_FILE: file, NODE_ENV: 'test' });
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
      log,
    });
    await sql`select ${1} as before`.execute(db);
    process.emit('SIGUSR2');
    await sql`select ${2} as during`.execute(db);
    process.emit('SIGUSR2');
    await sql`select ${3} as after`.execute(db);
    await db.destroy();
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([{ sql: 'select ? as during', parameters: [2] }]);
  });
});
