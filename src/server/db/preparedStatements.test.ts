import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparingPool, type PreparedLimits } from './preparedStatements.ts';

type Sent = { name?: string; text: string };

/**
 * A stand-in for node-postgres's pool with one connection, recording what each statement was sent as; `fail` answers a
 * named statement with an error of that SQLSTATE.
 */
function fakePool(fail?: { name: string; code: string }) {
  const sent: Sent[] = [];
  const client = {
    query(config: string | { name: string; text: string }) {
      const entry = typeof config === 'string' ? { text: config } : { name: config.name, text: config.text };
      sent.push(entry);
      if (fail !== undefined && entry.name === fail.name) {
        return Promise.reject(Object.assign(new Error('cached plan must not change result type'), { code: fail.code }));
      }
      return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release() {},
  };
  const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() };
  return { pool: pool as unknown as pg.Pool, sent };
}

const LIMITS: PreparedLimits = { namedFrom: 3, maxNamed: 2, maxValues: 2, maxCounted: 100 };

describe('preparingPool', () => {
  it('names a statement from its third use on, the same name each time', async () => {
    const { pool, sent } = fakePool();
    const prepared = preparingPool(pool, LIMITS);
    const client = await prepared.connect();
    for (let i = 0; i < 5; i++) await client.query('select $1', [i]);
    expect(sent.map((s) => s.name)).toEqual([undefined, undefined, 's1', 's1', 's1']);
  });

  it('never names a statement without values or with more values than the limit', async () => {
    const { pool, sent } = fakePool();
    const client = await preparingPool(pool, LIMITS).connect();
    for (let i = 0; i < 4; i++) {
      await client.query('begin', []);
      await client.query('select $1, $2, $3', [1, 2, 3]);
      await client.query('commit', []);
    }
    expect(sent.every((s) => s.name === undefined)).toBe(true);
  });

  it('names at most maxNamed texts; later texts run unnamed', async () => {
    const { pool, sent } = fakePool();
    const client = await preparingPool(pool, LIMITS).connect();
    for (const text of ['select 1 + $1', 'select 2 + $1', 'select 3 + $1']) {
      for (let i = 0; i < 4; i++) await client.query(text, [i]);
    }
    expect(new Set(sent.map((s) => s.name))).toEqual(new Set([undefined, 's1', 's2']));
    expect(sent.filter((s) => s.text === 'select 3 + $1').every((s) => s.name === undefined)).toBe(true);
  });

  it('forgets the counts when more than maxCounted texts are counted, so a text met now and then is not named', async () => {
    const { pool, sent } = fakePool();
    const client = await preparingPool(pool, { ...LIMITS, maxCounted: 2 }).connect();
    for (const text of ['rare', 'other', 'third', 'rare', 'rare']) await client.query(`select $1 as ${text}`, [1]);
    expect(sent.filter((s) => s.text === 'select $1 as rare')).toHaveLength(3);
    expect(sent.every((s) => s.name === undefined)).toBe(true);
  });

  it('runs a stale statement again unnamed outside a transaction, and names its text afresh', async () => {
    const { pool, sent } = fakePool({ name: 's1', code: '0A000' });
    const client = await preparingPool(pool, LIMITS).connect();
    for (let i = 0; i < 3; i++) await client.query('select * from patients where id = $1', [i]);
    expect(sent.slice(2).map((s) => s.name)).toEqual(['s1', undefined]);
    for (let i = 0; i < 3; i++) await client.query('select * from patients where id = $1', [i]);
    expect(sent.at(-1)?.name).toBe('s2');
  });

  it('lets a stale statement fail inside a transaction (the transaction is aborted), and names its text afresh', async () => {
    const { pool, sent } = fakePool({ name: 's1', code: '0A000' });
    const client = await preparingPool(pool, LIMITS).connect();
    for (let i = 0; i < 2; i++) await client.query('select * from patients where id = $1', [i]);
    await client.query('begin', []);
    await expect(client.query('select * from patients where id = $1', [3])).rejects.toThrow('cached plan');
    await client.query('rollback', []);
    expect(sent.at(-2)?.name).toBe('s1');
    for (let i = 0; i < 3; i++) await client.query('select * from patients where id = $1', [i]);
    expect(sent.at(-1)?.name).toBe('s2');
  });

  it('passes any other error on without running the statement again', async () => {
    const { pool, sent } = fakePool({ name: 's1', code: '23505' });
    const client = await preparingPool(pool, LIMITS).connect();
    for (let i = 0; i < 2; i++) await client.query('insert into t values ($1)', [i]);
    await expect(client.query('insert into t values ($1)', [2])).rejects.toThrow();
    expect(sent).toHaveLength(3);
  });
});
