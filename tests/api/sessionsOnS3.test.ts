import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, mp4Container, sendRaw, tempDataDir, walk } from './support/sessions.ts';
import { freshBucket, objectsIn } from './support/storageKinds.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/** The product with its session files in an S3-compatible bucket (S3_* settings), as several instances run it. */
describe.each(DATABASE_KINDS)('session files in S3-compatible storage (%s)', (kind) => {
  let t: TestApp;
  let bucket: Awaited<ReturnType<typeof freshBucket>>;
  let admin: Session;
  let ids: { SessionID: string; SubSessionID: string };
  const joints = Buffer.from(walk().text);
  const video = mp4Container(300_000);
  const files = async () => (await objectsIn(bucket.settings)).filter((name) => name.startsWith('test/files/'));
  const path = (k: 'jointData' | 'video' | 'gaitMetrics') => sessionFilePath(ids.SessionID, ids.SubSessionID, k, true);

  beforeAll(async () => {
    bucket = await freshBucket();
    t = await startTestApp(kind, { DATA_DIR: tempDataDir(), ...bucket.env });
    const api = apiClient(t.app);
    const [a, patient, clinician] = await Promise.all([
      api.login('admin'),
      api.login('patient'),
      api.login('clinician'),
    ]);
    admin = a;
    const added = await addSessionWith(
      t,
      admin,
      [
        { body: joints, type: 'application/json' },
        { body: video, type: 'video/mp4', query: '&VideoKind=Unblurred' },
      ],
      sessionBody(patient.id, clinician.id, {
        FileUploadTypeOptions: 'SharedFormatJointsOnly',
        VideoUploadTypeOptions: 'Unblurred',
      }),
    );
    expect(added.status).toBe(200);
    ids = added.body as typeof ids;
  });
  afterAll(async () => {
    await t.close();
    await bucket.drop();
  });

  it('keeps every file in the bucket, not on the local disk, and answers ready', async () => {
    // The joint data, the metrics file the server derives from it, and the video.
    expect(await files()).toHaveLength(3);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('downloads whole files and byte ranges from the bucket', async () => {
    expect((await download(t, path('jointData'), admin.token)).raw.equals(joints)).toBe(true);
    const part = await download(t, path('video'), admin.token, { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${String(video.length)}`);
    expect(part.raw.equals(video.subarray(1000, 2000))).toBe(true);
    const metrics = await download(t, path('gaitMetrics'), admin.token);
    expect(metrics.status).toBe(200);
  });

  it('removes the replaced object when a file is overwritten', async () => {
    const before = await files();
    const replacement = mp4Container(5_000);
    const url = `/api/uploadSessionFile?SessionID=${ids.SessionID}&SubSessionID=${ids.SubSessionID}&SessionFileType=Video%20File`;
    expect((await sendRaw(t, url, replacement, 'video/mp4', admin.token)).status).toBe(200);
    const after = await files();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
    expect((await download(t, path('video'), admin.token)).raw.equals(replacement)).toBe(true);
  });

  it('leaves nothing in the bucket once the recording is removed', async () => {
    const removed = await apiClient(t.app).post('/api/removeSession', ids, admin.token);
    expect(removed.status).toBe(200);
    expect(await files()).toEqual([]);
    expect((await download(t, path('jointData'), admin.token)).status).toBe(404);
  });
});

describe('readiness when the bucket is gone', () => {
  it('answers 503 naming the file store', async () => {
    const bucket = await freshBucket();
    const t = await startTestApp('sqlite', {
      DATA_DIR: tempDataDir(),
      ...bucket.env,
      S3_BUCKET: 'gait-missing-bucket',
    });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', failed: ['storage'] });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.close();
    await bucket.drop();
  });
});
