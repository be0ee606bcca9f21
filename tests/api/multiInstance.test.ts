import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
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
import { sessionBody } from './support/sessionFlows.ts';
import { mp4Container } from './support/sessions.ts';
import { tusMetadata } from './support/tus.ts';
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

const MIB = 2 ** 20;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** One tus request with fetch; answers the status, the headers and the JSON body if any. */
async function tus(
  base: string,
  token: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', ...headers },
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** PATCHes bytes `from`..`to` of `file` in one request. */
const patchAt = (base: string, token: string, url: string, file: Buffer, from: number, to: number) =>
  tus(
    base,
    token,
    'PATCH',
    url,
    { 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
    file.subarray(from, to),
  );

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

  /** Adds a session with the staged video and answers the SHA-256 of the video the server then serves. */
  async function storedVideo(fileUploadId: string, token: string): Promise<string> {
    const patients = (await call(a.url, 'GET', '/api/patients?UserType=admin', token)).body.patients as {
      UniquePatientID: string;
    }[];
    const clinicians = (await call(a.url, 'GET', '/api/clinicians?UserType=admin', token)).body.clinicians as {
      ClinicianID: string;
    }[];
    const added = await call(a.url, 'POST', '/api/addSession', token, {
      ...sessionBody(patients[0]?.UniquePatientID ?? '', clinicians[0]?.ClinicianID ?? '', {
        SessionNumber: 900 + Math.floor(Math.random() * 99),
        FileUploadID: fileUploadId,
        VideoUploadTypeOptions: 'Unblurred',
      }),
      UserType: 'admin',
    });
    expect(added.status).toBe(200);
    const { SessionID, SubSessionID } = added.body as Record<string, string>;
    const res = await fetch(
      `${b.url}/Internal/download/sessionData/${SessionID}_${SubSessionID}.SessionVideoFile_MP4.mp4`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    return sha256(Buffer.from(await res.arrayBuffer()));
  }

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

  it('an upload started on one instance resumes on the other, and is staged once', async () => {
    const token = await login(a.url, 'admin');
    const video = mp4Container(20 * MIB);
    const fileUploadId = `${String(Date.now())}-77`;
    const created = await tus(a.url, token, 'POST', '/api/uploads', {
      'upload-length': String(video.length),
      'upload-metadata': tusMetadata({ FileUploadID: fileUploadId, FileName: 'walk.mp4', VideoKind: 'Unblurred' }),
    });
    expect(created.status).toBe(201);
    const url = String(created.headers.get('location'));
    // 9 MiB on a: one whole S3 part and a tail kept as an incomplete part in the bucket.
    expect((await patchAt(a.url, token, url, video, 0, 9 * MIB)).status).toBe(204);
    const head = await tus(b.url, token, 'HEAD', url);
    expect(head.headers.get('upload-offset')).toBe(String(9 * MIB));
    const done = await patchAt(b.url, token, url, video, 9 * MIB, video.length);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ complete: true, Kind: 'video', FileUploadID: fileUploadId });
    expect(await storedVideo(fileUploadId, token)).toEqual(sha256(video));
  });

  it('killing an instance mid-upload loses nothing it acknowledged, and another instance goes on', async () => {
    const c = await startInstance('c', shared, a);
    const token = await login(c.url, 'admin');
    const video = mp4Container(24 * MIB);
    const fileUploadId = `${String(Date.now())}-78`;
    const created = await tus(c.url, token, 'POST', '/api/uploads', {
      'upload-length': String(video.length),
      'upload-metadata': tusMetadata({ FileUploadID: fileUploadId, FileName: 'walk.mp4', VideoKind: 'Unblurred' }),
    });
    const url = String(created.headers.get('location'));
    const acknowledged = await patchAt(c.url, token, url, video, 0, 10 * MIB);
    expect(acknowledged).toMatchObject({ status: 204 });
    expect(acknowledged.headers.get('upload-offset')).toBe(String(10 * MIB));

    // The next PATCH is under way (and holds the upload's lock) when the instance is killed.
    const cut = http.request(`${c.url}${url}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(10 * MIB),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(video.length - 10 * MIB),
      },
    });
    cut.on('error', () => undefined);
    cut.write(video.subarray(10 * MIB, 14 * MIB));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await c.stop('SIGKILL')).toBe(null);
    cut.destroy();

    // The killed instance's lock died with its database connection: a's HEAD is answered at once.
    const head = await tus(a.url, token, 'HEAD', url);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(10 * MIB);
    const done = await patchAt(a.url, token, url, video, offset, video.length);
    expect(done).toMatchObject({ status: 200, body: { complete: true, Kind: 'video' } });
    expect(await storedVideo(fileUploadId, token)).toEqual(sha256(video));
  });

  it('counts wrong passwords for one account and address across both instances', async () => {
    const attempt = (base: string) =>
      call(base, 'POST', '/api/clinicianLogin', undefined, { username: 'multi-probe', password: 'wrong password' });
    const statuses: number[] = [];
    // Five tries are free for one account from one address, wherever they land; the sixth waits on either.
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 === 0 ? a.url : b.url)).status);
    expect(statuses).toEqual(Array(5).fill(401));
    expect((await attempt(b.url)).status).toBe(429);
    expect((await attempt(a.url)).status).toBe(429);
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
