import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '#shared/auth/userTypes';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import {
  freshPostgresDatabase,
  startBalancer,
  startInstance,
  type Balancer,
  type Instance,
} from './support/instances.ts';
import { patientBody } from './support/records.ts';
import { freshBucket } from './support/storageKinds.ts';

const run = promisify(execFile);

type Answer = { status: number; body: Record<string, unknown> };

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function login(base: string, role: UserType): Promise<string> {
  const answer = await call(base, 'POST', `/api/${role}Login`, undefined, {
    username: DEMO_LOGINS[role],
    password: DEMO_PASSWORD,
  });
  const data = answer.body.Data as { AccessToken?: string } | undefined;
  if (data?.AccessToken === undefined) throw new Error(`login as ${role} failed: ${JSON.stringify(answer.body)}`);
  return data.AccessToken;
}

/**
 * Several stateless instances on one PostgreSQL database and one bucket, behind a round-robin balancer: what a
 * clinic group runs once one machine is not enough. Each instance is a real server process.
 */
describe('two instances on one PostgreSQL database and one bucket', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let bucket: Awaited<ReturnType<typeof freshBucket>>;
  let shared: Record<string, string>;
  let a: Instance;
  let b: Instance;
  let balancer: Balancer;

  beforeAll(async () => {
    [database, bucket] = await Promise.all([freshPostgresDatabase(), freshBucket()]);
    // One chain, one key: every instance signs the audit trail with the same secret (from a secret store in
    // production); each keeps its checkpoint in its own DATA_DIR.
    shared = { DATABASE_URL: database.url, AUDIT_KEY: randomBytes(32).toString('hex'), ...bucket.env };
    // Started together on an empty database: migrations and the demo data must happen once, not twice.
    [a, b] = await Promise.all([startInstance('a', shared), startInstance('b', shared)]);
    balancer = await startBalancer([a, b]);
  }, 180_000);

  afterAll(async () => {
    await balancer.close();
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all([database.drop(), bucket.drop()]);
  });

  it('both start on an empty database together and create the demo data once', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const admins = await client.query<{ n: string }>('select count(*) as n from admins');
    const patients = await client.query<{ n: string }>('select count(*) as n from patients');
    await client.end();
    expect(Number(admins.rows[0]?.n)).toBe(1);
    expect(Number(patients.rows[0]?.n)).toBe(60);
  });

  it('a login made through one instance works on the other, and a logout on one ends it on both', async () => {
    const token = await login(a.url, 'clinician');
    expect((await call(b.url, 'GET', '/api/sessions?UserType=clinician', token)).status).toBe(200);
    expect((await call(b.url, 'POST', '/api/clinicianLogout', token)).status).toBe(200);
    expect((await call(a.url, 'GET', '/api/sessions?UserType=clinician', token)).status).toBe(401);
  });

  it('the balancer spreads requests over both, and every one is answered', async () => {
    const token = await login(balancer.url, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(balancer.url, 'GET', '/api/patients?UserType=admin', token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(balancer.served.get('a')).toBeGreaterThan(5);
    expect(balancer.served.get('b')).toBeGreaterThan(5);
  });

  it('the same write replayed to either instance is applied once', async () => {
    const token = await login(a.url, 'admin');
    const key = randomUUID();
    const clinics = (await call(a.url, 'GET', '/api/clinics?UserType=admin', token)).body.clinics as {
      ClinicID: string;
    }[];
    const givenId = `MULTI-${key.slice(0, 8)}`;
    const body = {
      ...patientBody({ ID: givenId }),
      ClinicIDs: clinics[0]?.ClinicID,
      UserType: 'admin',
    };
    const answers = await Promise.all([
      call(a.url, 'POST', '/api/addPatient', token, body, { 'idempotency-key': key }),
      call(b.url, 'POST', '/api/addPatient', token, body, { 'idempotency-key': key }),
    ]);
    // One of them may be told the first is still running (409); none applies it a second time.
    const applied = answers.filter((answer) => answer.status === 200);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    const again = await call(b.url, 'POST', '/api/addPatient', token, body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.UniquePatientID).toBe(applied[0]?.body.UniquePatientID);
    const patients = (await call(a.url, 'GET', '/api/patients?UserType=admin', token)).body.patients as {
      GivenPatientID: string;
    }[];
    expect(patients.filter((patient) => patient.GivenPatientID === givenId)).toHaveLength(1);
  });

  it('both instances answer the same deltas, tombstones included', async () => {
    const token = await login(a.url, 'admin');
    const since = String((await call(a.url, 'GET', '/api/patients?UserType=admin', token)).body.serverTime);
    const clinics = (await call(a.url, 'GET', '/api/clinics?UserType=admin', token)).body.clinics as {
      ClinicID: string;
    }[];
    const added = await call(a.url, 'POST', '/api/addPatient', token, {
      ...patientBody({ ID: 'MULTI-DELTA' }),
      ClinicIDs: clinics[0]?.ClinicID,
      UserType: 'admin',
    });
    expect(added.status).toBe(200);
    expect(
      (
        await call(b.url, 'POST', '/api/removePatient', token, {
          PatientID: added.body.UniquePatientID,
          UserType: 'admin',
        })
      ).status,
    ).toBe(200);
    const [fromA, fromB] = await Promise.all([
      call(a.url, 'GET', `/api/patients?UserType=admin&modifiedSince=${since}`, token),
      call(b.url, 'GET', `/api/patients?UserType=admin&modifiedSince=${since}`, token),
    ]);
    const { serverTime: _a, ...deltaA } = fromA.body;
    const { serverTime: _b, ...deltaB } = fromB.body;
    expect(deltaA).toEqual(deltaB);
    expect(deltaA.deleted).toEqual([expect.objectContaining({ id: added.body.UniquePatientID })]);
  });

  it('keeps one unbroken audit chain while both write at once', async () => {
    const [tokenA, tokenB] = await Promise.all([login(a.url, 'admin'), login(b.url, 'admin')]);
    const reads = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? call(a.url, 'GET', '/api/patients?UserType=admin', tokenA)
        : call(b.url, 'GET', '/api/patients?UserType=admin', tokenB),
    );
    expect((await Promise.all(reads)).every((answer) => answer.status === 200)).toBe(true);
    for (const instance of [a, b]) {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'audit:verify'], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          ...shared,
          AUDIT_CHECKPOINT_FILE: path.join(instance.dataDir, 'audit-checkpoint.json'),
        },
      });
      expect(stdout).toMatch(/Audit trail intact: \d+ rows checked/);
    }
  });

  it('a graceful stop answers the requests in flight, and the balancer moves on to the other instance', async () => {
    const token = await login(b.url, 'admin');
    const inFlight = Array.from({ length: 10 }, () => call(b.url, 'GET', '/api/sessions?UserType=admin', token));
    const stopped = b.stop('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // While it drains it tells the balancer to send nothing more, and still answers what comes.
    expect((await call(b.url, 'GET', '/readyz')).body).toEqual({ status: 'stopping' });
    expect((await call(b.url, 'GET', '/api/sessions?UserType=admin', token)).status).toBe(200);
    expect(await stopped).toBe(0);
    const after = await Promise.all(
      Array.from({ length: 4 }, () => call(balancer.url, 'GET', '/api/sessions?UserType=admin', token)),
    );
    expect(after.map((answer) => answer.status)).toEqual(Array(4).fill(200));
  });
});
