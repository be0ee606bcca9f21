import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMetricsFile } from '#shared/gait/metricsFile';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, newUploadId, sessionBody, stage } from './support/sessionFlows.ts';
import {
  CLINIC_METRICS_TEXT,
  clinicJointsText,
  download,
  metricsText,
  mp4Container,
  sendRaw,
  sessionState,
  tempDataDir,
  walk,
} from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;
const TEXT_LIMIT = 2 * 1024 * 1024;
const VIDEO_LIMIT = 64 * 1024;

const truncatedMp4 = () => mp4Container(5000).subarray(0, 3000);
const corruptJoints = () => walk().text.replace('"Joint_Positions":[', '"Joint_Positions":[1,');

describe.each(DATABASE_KINDS)('session file uploads (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session;
  let patient: Session;
  let clinician: Session;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      DATA_DIR: tempDataDir(),
      MAX_TEXT_UPLOAD_BYTES: String(TEXT_LIMIT),
      MAX_VIDEO_UPLOAD_BYTES: String(VIDEO_LIMIT),
    });
    api = apiClient(t.app);
    [admin, patient, clinician] = await Promise.all([api.login('admin'), api.login('patient'), api.login('clinician')]);
  });
  afterAll(() => t.close());

  it.each([
    ['joint data', () => walk().text, 'application/json', 'jointData'],
    ['gait metrics', () => metricsText(), 'text/plain', 'gaitMetrics'],
    ['clinic-format joints', () => clinicJointsText(), 'text/plain', 'clinicFormat'],
    ['clinic-format metrics', () => CLINIC_METRICS_TEXT, 'application/octet-stream', 'clinicFormat'],
    ['mp4', () => mp4Container(), 'video/mp4', 'video'],
    ['mp4 sent as octet-stream', () => mp4Container(), 'application/octet-stream', 'video'],
  ])('recognises a %s file by its content', async (_name, content, type, expected) => {
    const id = newUploadId();
    const res = await stage(t, admin, id, { body: content(), type });
    expect(res.body).toEqual({ result: 'success', returnValue: 0, FileUploadID: id, Kind: expected, VideoKind: null });
  });

  it.each([
    [
      'invalid JSON',
      '{"Steps":[',
      'application/json',
      400,
      'The file is not valid JSON (it may be cut off or damaged).',
    ],
    ['JSON of another kind', '{"hello":"world"}', 'application/json', 415, 'The file is not a session file'],
    [
      'a damaged joint data file',
      corruptJoints(),
      'application/json',
      400,
      'Frame 1 of step 1 has 61 joint coordinates; 60 are expected',
    ],
    [
      'a damaged gait metrics file',
      metricsText().replace('"Cadence_steps_per_min":108', '"Cadence_steps_per_min":"fast"'),
      'application/json',
      400,
      'Gait metrics file is not valid at Session.Cadence_steps_per_min: Cadence_steps_per_min must be a number.',
    ],
    [
      'a gait metrics file of another format',
      '{"Format":"GaitPortal.SessionMetrics","Session":{}}',
      'application/json',
      400,
      'This is not a gait metrics file: its Format should be "MainStorageFormat_SessionMetrics".',
    ],
    [
      'a damaged clinic-format file',
      CLINIC_METRICS_TEXT.replace('Cadence;session;108', 'Cadence;session;10,8'),
      'text/plain',
      400,
      "Clinic-format file, Line 7: Cadence value '10,8' is not a number",
    ],
    [
      'a truncated mp4',
      truncatedMp4(),
      'video/mp4',
      400,
      "The video file is damaged: the box 'mdat' at byte 140 runs past the end of the file",
    ],
    [
      'a PNG image',
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      'application/octet-stream',
      415,
      'The file is not a session file: expected a recording (',
    ],
    ['plain prose', 'Dear doctor, please find attached.', 'text/plain', 415, 'The file is not a session file'],
    ['an empty file', '', 'text/plain', 400, 'The file is empty.'],
  ])('refuses %s and keeps nothing', async (_name, content, type, status, message) => {
    const before = await sessionState(t);
    const res = await stage(t, admin, newUploadId(), { body: content, type });
    expect(res.status).toBe(status);
    expect(String(res.body.error)).toContain(message);
    expect(await sessionState(t)).toEqual(before);
  });

  it('refuses a content type that is no file (415)', async () => {
    expect((await stage(t, admin, newUploadId(), { body: 'x', type: 'image/png' })).status).toBe(415);
  });

  it('refuses files over the configured limits with 413 and keeps nothing', async () => {
    const before = await sessionState(t);
    const bigVideo = await stage(t, admin, newUploadId(), { body: mp4Container(VIDEO_LIMIT), type: 'video/mp4' });
    expect(bigVideo).toMatchObject({
      status: 413,
      body: { error: 'The file is too large: a video may be at most 64 KiB.' },
    });
    const bigText = await stage(t, admin, newUploadId(), {
      body: walk(1, 60).text.padEnd(TEXT_LIMIT + 1, ' '),
      type: 'application/octet-stream',
    });
    expect(bigText.status).toBe(413);
    const declared = await stage(t, admin, newUploadId(), { body: 'x'.repeat(TEXT_LIMIT + 1), type: 'text/plain' });
    expect(declared).toMatchObject({
      status: 413,
      body: { error: 'The file is too large: a text file may be at most 2 MiB.' },
    });
    expect(await sessionState(t)).toEqual(before);
  });

  describe('uploadSessionFile', () => {
    let target: Row;
    const url = (type: string) =>
      `/api/uploadSessionFile?UserType=admin&SessionID=${String(target.SessionID)}&SubSessionID=${String(target.SubSessionID)}&SessionFileType=${encodeURIComponent(type)}`;
    const row = async (): Promise<Row> =>
      ((await api.get(`/api/patientSessions?id=${patient.id}`, admin.token)).body.sessions as Row[]).find(
        (s) => s.SubSessionID === target.SubSessionID,
      ) ?? {};
    beforeAll(async () => {
      const added = await addSessionWith(
        t,
        admin,
        [{ body: metricsText(), type: 'application/json' }],
        sessionBody(patient.id, clinician.id, {
          SessionNumber: 5,
          FileUploadTypeOptions: 'SharedFormatGaitMetricsOnly',
        }),
      );
      target = added.body;
    });

    it.each([
      ['Joint Data File', () => walk(4).text, { Data: true }],
      ['Gait Metrics File', () => metricsText(1.5), { GaitMetrics: true }],
      ['Clinic Format File', () => CLINIC_METRICS_TEXT, { SSCData: true, GaitMetrics: true }],
      ['Video File', () => mp4Container(), { UnblurredVideo: true }],
      ['Blurred Video File', () => mp4Container(), { BlurredVideo: true }],
    ])('stores a %s, replacing what it replaces, and bumps DateModified', async (type, content, expected) => {
      const before = await row();
      const res = await sendRaw(t, url(type), content(), 'application/octet-stream', admin.token);
      expect(res.body).toEqual({ result: 'success', returnValue: 0, DateModified: expect.any(String) as string });
      expect(Date.parse(String(res.body.DateModified))).toBeGreaterThan(Date.parse(String(before.DateModified)));
      expect(await row()).toMatchObject({ ...expected, DateModified: res.body.DateModified });
    });

    it('replaces the stored file: the download is the new one and the old file is gone from storage', async () => {
      await sendRaw(t, url('Gait Metrics File'), metricsText(1.1), 'application/json', admin.token);
      const metricsKey = async () =>
        ((await sessionState(t)).files as Row[]).find(
          (f) => f.sub_session_id === target.SubSessionID && f.kind === 'gaitMetrics',
        )?.storage_key;
      const [oldKey, before] = [await metricsKey(), (await sessionState(t)).onDisk as string[]];
      await sendRaw(t, url('Gait Metrics File'), metricsText(1.3), 'application/json', admin.token);
      const file = `${String(target.SessionID)}_${String(target.SubSessionID)}.MainStorageFormat_SessionMetrics.json`;
      const res = await api.get(`/Internal/download/sessionData/${file}`, admin.token);
      expect(res.body).toMatchObject({ Session: { Speed_m_per_s: 1.3 } });
      const after = (await sessionState(t)).onDisk as string[];
      expect(after).toHaveLength(before.length);
      expect(after).not.toContain(oldKey);
      expect(after).toContain(await metricsKey());
    });

    it("stores a clinic-format metrics file's metrics as the main gait metrics file, marked as the clinic's", async () => {
      await sendRaw(t, url('Clinic Format File'), CLINIC_METRICS_TEXT, 'text/plain', admin.token);
      const file = `${String(target.SessionID)}_${String(target.SubSessionID)}.MainStorageFormat_SessionMetrics.json`;
      const stored = readMetricsFile(
        (await download(t, `/Internal/download/sessionData/${file}`, admin.token)).raw.toString('utf8'),
      );
      expect(stored).toMatchObject({
        ok: true,
        file: {
          Source: 'clinic',
          Status: 'ok',
          Session: {
            Speed_m_per_s: 1.21,
            Cadence_steps_per_min: 108,
            StepLength_m: 0.67,
            Left: { StepLength_m: 0.66 },
            Right: {},
          },
          Bouts: [],
        },
      });
    });

    it.each([
      ['Joint Data File', metricsText(), 'The file is a gait metrics file, not a joint data file.'],
      ['Gait Metrics File', walk().text, 'The file is a joint data file, not a gait metrics file.'],
      ['Clinic Format File', walk().text, 'The file is a joint data file, not a clinic-format file.'],
      ['Video File', clinicJointsText(), 'The file is a clinic-format file, not a video.'],
    ])('refuses a %s that holds something else with 415, changing nothing', async (type, content, message) => {
      const before = await sessionState(t);
      const res = await sendRaw(t, url(type), content, 'application/octet-stream', admin.token);
      expect(res).toMatchObject({ status: 415, body: { error: message } });
      expect(await sessionState(t)).toEqual(before);
    });

    it('refuses a damaged file and an unknown session, changing nothing', async () => {
      const before = await sessionState(t);
      expect((await sendRaw(t, url('Joint Data File'), corruptJoints(), 'application/json', admin.token)).status).toBe(
        400,
      );
      expect((await sendRaw(t, url('Video File'), truncatedMp4(), 'video/mp4', admin.token)).status).toBe(400);
      const unknown = url('Video File').replace(String(target.SubSessionID), randomUUID());
      expect((await sendRaw(t, unknown, mp4Container(), 'video/mp4', admin.token)).status).toBe(404);
      expect(await sessionState(t)).toEqual(before);
    });

    it('answers a replayed upload with the first answer and stores nothing more', async () => {
      const headers = { 'idempotency-key': randomUUID() };
      const first = await sendRaw(t, url('Blurred Video File'), mp4Container(300), 'video/mp4', admin.token, headers);
      const before = await sessionState(t);
      const again = await sendRaw(t, url('Blurred Video File'), mp4Container(300), 'video/mp4', admin.token, headers);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await sessionState(t)).toEqual(before);
    });

    it('answers a replayed sendFile with the first answer and stages nothing more', async () => {
      const headers = { 'idempotency-key': randomUUID() };
      const id = newUploadId();
      const sendUrl = `/api/addSession/sendFile?UserType=admin&FileUploadID=${id}`;
      const first = await sendRaw(t, sendUrl, walk().text, 'application/json', admin.token, headers);
      const before = await sessionState(t);
      const again = await sendRaw(t, sendUrl, walk().text, 'application/json', admin.token, headers);
      expect(again.body).toEqual(first.body);
      expect(await sessionState(t)).toEqual(before);
    });

    it('lets only the admin upload', async () => {
      expect((await sendRaw(t, url('Video File'), mp4Container(), 'video/mp4', clinician.token)).status).toBe(403);
    });
  });
});
