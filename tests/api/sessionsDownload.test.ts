import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_FILE_DOWNLOAD_KINDS } from '#shared/exports/downloadNames';
import type { SESSION_FILE_FORMATS } from '#shared/sessions/sessionFiles';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import {
  CLINIC_METRICS_TEXT,
  download,
  metricsText,
  mp4Container,
  sendRaw,
  tempDataDir,
  walk,
} from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

describe.each(DATABASE_KINDS)('session file downloads (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  let ids: { SessionID: string; SubSessionID: string };
  let givenId: string;
  const video = mp4Container(4000);
  // The original recording of an imported format and the OpenSim motion file beside a TRC are covered by
  // sessionsImport.test.ts.
  type Kept = Exclude<keyof typeof SESSION_FILE_FORMATS, 'originalRecording' | 'motion'>;
  const contents: Record<Kept, Buffer> = {
    jointData: Buffer.from(walk().text),
    gaitMetrics: Buffer.from(metricsText()),
    clinicFormat: Buffer.from(CLINIC_METRICS_TEXT),
    video,
    blurredVideo: mp4Container(2000),
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    const api = apiClient(t.app);
    const [a, patient, clinician] = await Promise.all([
      api.login('admin'),
      api.login('patient'),
      api.login('clinician'),
    ]);
    admin = a;
    givenId = (
      await t.deps.database.db
        .selectFrom('patients')
        .select('given_patient_id')
        .where('id', '=', patient.id)
        .executeTakeFirstOrThrow()
    ).given_patient_id;
    const added = await addSessionWith(
      t,
      admin,
      [
        { body: contents.jointData, type: 'application/json' },
        { body: contents.gaitMetrics, type: 'application/json' },
        { body: contents.video, type: 'video/mp4', query: '&VideoKind=Unblurred' },
        { body: contents.blurredVideo, type: 'video/mp4', query: '&VideoKind=Blurred' },
      ],
      sessionBody(patient.id, clinician.id, { FileUploadTypeOptions: 'SharedFormat', VideoUploadTypeOptions: 'Both' }),
    );
    ids = added.body as typeof ids;
    // A clinic-format file replaces what it holds (here the metrics), so the metrics file is sent again after it.
    for (const [type, body] of [
      ['Clinic Format File', contents.clinicFormat],
      ['Gait Metrics File', contents.gaitMetrics],
    ] as const) {
      const upload = `/api/uploadSessionFile?SessionID=${ids.SessionID}&SubSessionID=${ids.SubSessionID}&SessionFileType=${encodeURIComponent(type)}`;
      await sendRaw(t, upload, body, 'application/octet-stream', admin.token);
    }
  });
  afterAll(() => t.close());

  const path = (k: keyof typeof SESSION_FILE_FORMATS, internal = true) =>
    sessionFilePath(ids.SessionID, ids.SubSessionID, k, internal);

  it.each(Object.keys(contents) as Kept[])('downloads the %s file with its headers', async (k) => {
    // Asked as a browser asks: a stored file is still sent as stored, never compressed on the fly.
    const res = await download(t, path(k), admin.token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.raw.equals(contents[k])).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': k.endsWith('ideo')
        ? 'video/mp4'
        : k === 'clinicFormat'
          ? 'text/plain; charset=utf-8'
          : 'application/json',
      'content-length': String(contents[k].length),
      // Named by the patient's given id and the session numbers, never by UUID.
      'content-disposition': `attachment; filename="${givenId}_session-1.1_${STORED_FILE_DOWNLOAD_KINDS[k]}"; filename*=UTF-8''${givenId}_session-1.1_${STORED_FILE_DOWNLOAD_KINDS[k]}`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      etag: `"${createHash('sha256').update(contents[k]).digest('hex')}"`,
    });
  });

  it('serves byte ranges (206) and refuses ranges beyond the end (416)', async () => {
    const part = await download(t, path('video'), admin.token, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': `bytes 100-199/${String(video.length)}`,
      'content-length': '100',
    });
    expect(part.raw.equals(video.subarray(100, 200))).toBe(true);
    const tail = await download(t, path('video'), admin.token, { range: 'bytes=-10' });
    expect(tail.raw.equals(video.subarray(-10))).toBe(true);
    const open = await download(t, path('video'), admin.token, { range: `bytes=${String(video.length - 5)}-` });
    expect(open.raw.equals(video.subarray(-5))).toBe(true);
    const beyond = await download(t, path('video'), admin.token, { range: `bytes=${String(video.length)}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${String(video.length)}`);
  });

  it('answers 304 to a matching If-None-Match and the whole file to a stale If-Range', async () => {
    const first = await download(t, path('gaitMetrics'), admin.token);
    expect(
      (await download(t, path('gaitMetrics'), admin.token, { 'if-none-match': String(first.headers.etag) })).status,
    ).toBe(304);
    const stale = await download(t, path('gaitMetrics'), admin.token, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
  });

  it('shows text files inline as UTF-8 text for the text viewer, and refuses videos there (415)', async () => {
    const res = await download(t, path('jointData', false), admin.token);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': expect.stringMatching(/^inline;/) as string,
    });
    expect(res.raw.toString()).toBe(walk().text);
    expect((await download(t, path('blurredVideo', false), admin.token)).status).toBe(415);
  });

  it('accepts the token as access_token in the query, and never logs it', async () => {
    const res = await download(t, `${path('blurredVideo')}?UserType=admin&access_token=${admin.token}`);
    expect(res.status).toBe(200);
    await download(t, `${path('jointData', false)}?access_token=${admin.token}`);
    expect(t.logs()).toContain('/Internal/download/sessionData/');
    expect(t.logs()).not.toContain(admin.token);
  });

  it('answers 401 without a token, 404 for unknown sessions, files and formats', async () => {
    expect((await download(t, path('jointData'))).status).toBe(401);
    expect((await download(t, path('jointData').replace(ids.SubSessionID, randomUUID()), admin.token)).status).toBe(
      404,
    );
    expect(
      (await download(t, path('jointData').replace('MainStorageFormat_JointData.json', 'secrets.txt'), admin.token))
        .status,
    ).toBe(404);
  });
});
