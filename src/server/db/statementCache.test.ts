import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile } from './sqliteFile.ts';
import { cachingStatements } from './statementCache.ts';

type Tables = { note: { id: number; text: string } };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('cachingStatements', () => {
  it('begins a transaction holding the write lock, so a commit by another connection cannot make it fail', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const server = openSqliteFile(file);
    server.exec('create table note (id integer primary key, text text not null)');
    server.prepare('insert into note (id, text) values (1, ?)').run('first');
    // A second connection, as the audit writer's is; it gives up at once instead of waiting for the lock.
    const other = openSqliteFile(file);
    other.pragma('busy_timeout = 0');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cachingStatements(server) }) });

    let otherWrite = 'not tried';
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('note').selectAll().execute();
      try {
        other.prepare('insert into note (id, text) values (2, ?)').run('from the other connection');
        otherWrite = 'committed';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? 'failed';
      }
      // With a deferred BEGIN the other connection commits first and this write fails with SQLITE_BUSY_SNAPSHOT.
      await trx.insertInto('note').values({ id: 3, text: 'after the read' }).execute();
    });

    expect(otherWrite).toBe('SQLITE_BUSY');
    expect(server.prepare('select id from note order by id').all()).toEqual([{ id: 1 }, { id: 3 }]);
    await db.destroy();
    other.close();
  });
});
