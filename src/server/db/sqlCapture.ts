import fs from 'node:fs';
import type { LogEvent } from 'kysely';

/** One statement a request ran, as the database was sent it. */
export type CapturedStatement = { sql: string; parameters: readonly unknown[] };

/**
 * A test-only switch for the bench's per-request floor (tests/bench/requestFloor.ts): with `SQL_CAPTURE_FILE` set
 * and NODE_ENV=test, each SIGUSR2 turns capture on or off, and while it is on every statement the server's Kysely
 * runs is appended to that file as a line of JSON. Off (or without the variable) a statement costs one test of a
 * flag; in production there is no logger at all.
 */
export function sqlCaptureLog(env: NodeJS.ProcessEnv = process.env): ((event: LogEvent) => void) | undefined {
  const file = env.SQL_CAPTURE_FILE;
  if (file === undefined || file === '' || env.NODE_ENV !== 'test') return undefined;
  let capturing = false;
  process.on('SIGUSR2', () => {
    capturing = !capturing;
  });
  return (event) => {
    if (!capturing || event.level !== 'query') return;
    const line: CapturedStatement = { sql: event.query.sql, parameters: event.query.parameters };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}
