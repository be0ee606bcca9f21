import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { DATABASE_KINDS } from './support/testApp.ts';
import { dropGuard, rehashWithoutKey, verify, writtenTrail, type Trail } from './support/writtenTrail.ts';

describe.each(DATABASE_KINDS)('audit:verify command (%s)', { timeout: 180_000 }, (kind) => {
  let trail: Trail | undefined;
  afterEach(async () => {
    await trail?.close();
    trail = undefined;
  });

  it('passes on an intact trail and fails once a row is altered by hand', async () => {
    trail = await writtenTrail(kind);
    const intact = await verify(trail);
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.text).toMatch(/intact: 5 rows/);

    await dropGuard(trail.database);
    await trail.database.db.updateTable('audit_log').set({ target: 'patient:p2' }).where('id', '=', 2).execute();
    const broken = await verify(trail);
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/BROKEN at row #2/);
  });

  it.runIf(kind === 'sqlite')('passes on an old database, whose trail it moves into its own file first', async () => {
    trail = await writtenTrail(kind, 'trail in the records file');
    await trail.database.db.destroy();
    const intact = await verify(trail);
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.text).toMatch(/intact: 5 rows/);
    expect(fs.existsSync(path.join(trail.dataDir, 'gait-portal-audit.sqlite'))).toBe(true);
    trail.database = connectDatabase(loadConfig(trail.env).database);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM main.sqlite_master
      WHERE name = 'audit_log'`.execute(trail.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('catches a deleted tail, which leaves a chain that still links', async () => {
    trail = await writtenTrail(kind);
    await dropGuard(trail.database);
    await trail.database.db.deleteFrom('audit_log').where('id', '>', 3).execute();
    const broken = await verify(trail);
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/reached row #5 \(5 rows\), but the table ends at #3 \(3 rows\)/);
  });

  it('catches a chain re-hashed after an edit by someone without the key', async () => {
    trail = await writtenTrail(kind);
    await dropGuard(trail.database);
    await trail.database.db.updateTable('audit_log').set({ outcome: 'failure' }).where('id', '=', 3).execute();
    await rehashWithoutKey(trail.database);
    const broken = await verify(trail);
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/BROKEN at row #1: its content does not match its keyed hash/);
  });
});
