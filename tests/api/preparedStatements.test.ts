import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparingPool, type PreparedLimits } from '#server/db/preparedStatements';
import { freshPostgresDatabase } from './support/instances.ts';

type Tables = { items: { id: number; label: string } };

const LIMITS: PreparedLimits = { namedFrom: 3, maxNamed: 5, maxValues: 10, maxCounted: 100 };

/** The server's statements as named statements on one PostgreSQL connection (src/server/db/preparedStatements.ts). */
describe('statements prepared by name on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  /** Each test's own pool of one connection, so that each starts with nothing named. */
  let db: Kysely<Tables>;
  let other: pg.Client;

  /** The statements prepared on the pool's one connection, as that connection sees them. */
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (r) => r.statement,
    );
  const byId = (id: number) => db.selectFrom('items').selectAll().where('id', '=', id).execute();

  beforeEach(() => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // As connectDatabase's pool: the drop at the end ends connections that may still be closing.
    pool.on('error', () => undefined);
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparingPool(pool, LIMITS) }) });
  });
  afterEach(() => db.destroy());

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query('create table items (id integer primary key, label text not null)');
    await other.query("insert into items values (1, 'one'), (2, 'two'), (3, 'three')");
  });
  afterAll(async () => {
    await other.end();
    await database.drop();
  });

  it('prepares a frequent statement once, and answers with it as unnamed', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await byId((i % 3) + 1));
    expect(answers.slice(0, 3)).toEqual([
      [{ id: 1, label: 'one' }],
      [{ id: 2, label: 'two' }],
      [{ id: 3, label: 'three' }],
    ]);
    expect(answers.slice(3)).toEqual([...answers.slice(0, 3), ...answers.slice(0, 2)]);
    expect((await prepared()).filter((text) => text.includes('from "items"'))).toHaveLength(1);
  });

  it('keeps a connection prepared set within maxNamed, however many texts it is sent', async () => {
    for (let n = 0; n < 12; n++) {
      for (let i = 0; i < 4; i++) {
        await sql`select ${n}::integer + ${i}::integer as ${sql.id(`sum_${String(n)}`)}`.execute(db);
      }
    }
    expect(await prepared()).toHaveLength(LIMITS.maxNamed);
  });

  it('answers a prepared select * after another connection added a column to its table', async () => {
    const later = () => db.selectFrom('items').selectAll().where('id', '>', 1).orderBy('id').execute();
    for (let i = 0; i < 4; i++) expect(await later()).toHaveLength(2);
    expect(await prepared()).toEqual([expect.stringContaining('from "items" where "id" >')]);
    await other.query("alter table items add column note text not null default 'none'");
    expect(await later()).toEqual([
      { id: 2, label: 'two', note: 'none' },
      { id: 3, label: 'three', note: 'none' },
    ]);
  });

  it('rolls back a transaction whose prepared statement failed, and the connection goes on', async () => {
    const insert = (id: number, label: string) => db.insertInto('items').values({ id, label }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        for (let id = 10; id < 13; id++) await trx.insertInto('items').values({ id, label: 'in' }).execute();
        await trx.insertInto('items').values({ id: 10, label: 'again' }).execute();
      }),
    ).rejects.toThrow('duplicate key');
    // The statement was prepared inside the transaction that rolled back: it is still prepared, and still answers.
    expect(await prepared()).toEqual([expect.stringContaining('insert into "items"')]);
    await insert(20, 'after');
    expect(await byId(10)).toEqual([]);
    expect(await byId(20)).toEqual([{ id: 20, label: 'after', note: 'none' }]);
  });
});
