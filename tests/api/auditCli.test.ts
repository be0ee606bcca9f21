import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditTrail } from '#server/audit/auditTrail';
import { connectDatabase, type DbHandle } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';

const run = promisify(execFile);

/** `npm run audit:verify` (main.ts audit:verify) as an operator runs it: exit 0 on an intact trail, 1 after tampering. */
describe('audit:verify command', () => {
  let dataDir: string;
  let database: DbHandle;
  const verify = () =>
    run('npx', ['tsx', 'src/server/main.ts', 'audit:verify'], {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    }).then(
      ({ stdout }) => ({ code: 0, text: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, text: error.stderr }),
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-audit-cli-'));
    database = connectDatabase({ kind: 'sqlite', file: path.join(dataDir, 'gait-portal.sqlite') });
    await migrateToLatest(database);
    const audit = createAuditTrail(database, () => new Date());
    for (const action of ['login', 'patient.read', 'logout']) {
      await audit.record({
        userId: 'u1',
        role: 'clinician',
        action,
        target: 'patient:p1',
        outcome: 'success',
        address: '127.0.0.1',
      });
    }
  });
  afterAll(async () => {
    await database.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes on an intact trail and fails once a row is altered by hand', async () => {
    const intact = await verify();
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.text).toMatch(/intact: 3 rows/);

    // Someone with full access to the file drops the append-only guard and edits a row; the chain gives them away.
    await sql`DROP TRIGGER audit_log_no_update`.execute(database.db);
    await database.db
      .updateTable('audit_log')
      .set({ target: 'patient:p2' })
      .where('action', '=', 'patient.read')
      .execute();
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/BROKEN at row #2/);
  });
});
