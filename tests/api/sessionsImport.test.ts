import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJointData } from '#shared/gait/jointDataFile';
import { checkMetricsFile } from '#shared/gait/metricsFile';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { withEveryMarkerMissing } from '../fixtures/c3d/handBuiltC3d.ts';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, newUploadId, sessionBody, stage } from './support/sessionFlows.ts';
import { download, sendRaw, sessionState, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));

/** Each import format, its fixture, the content type the app sends it with, and its download extension. */
const FORMATS = [
  ['C3D (Vicon Plug-in Gait)', 'c3d/PiG_Motion3_FF.c3d', 'application/octet-stream', 'c3d'],
  ['Azure Kinect', 'formats/azure-kinect-walk.json', 'application/json', 'json'],
  ['Kinect v2 CSV', 'formats/kinect-v2-walk.csv', 'text/plain', 'csv'],
  ['Kinect v2 JSON', 'formats/kinect-v2-walk.json', 'application/json', 'json'],
  ['MediaPipe Pose', 'formats/mediapipe-walk.json', 'application/json', 'json'],
  ['OpenCap TRC', 'formats/opencap-walk.trc', 'text/plain', 'trc'],
] as const;

describe.each(DATABASE_KINDS)('recordings imported by content (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  let patientId: string;
  let clinicianId: string;
  let sessionNumber = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    const api = apiClient(t.app);
    const [a, patient, clinician] = await Promise.all([
      api.login('admin'),
      api.login('patient'),
      api.login('clinician'),
    ]);
    admin = a;
    patientId = patient.id;
    clinicianId = clinician.id;
  });
  afterAll(() => t.close());

  const listed = async (subSessionId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sessions?UserType=admin',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const { sessions } = JSON.parse(res.payload) as { sessions: Record<string, unknown>[] };
    return sessions.find((s) => s.SubSessionID === subSessionId);
  };
  const addWith = async (body: Buffer | string, type: string) =>
    addSessionWith(
      t,
      admin,
      [{ body, type }],
      sessionBody(patientId, clinicianId, {
        SessionNumber: ++sessionNumber,
        FileUploadTypeOptions: 'SharedFormatJointsOnly',
      }),
    );

  it.each(FORMATS)(
    'makes a session of a %s file: joint data, metrics, and the original byte for byte',
    async (_name, path, type, extension) => {
      const original = fixture(path);
      const id = newUploadId();
      const staged = await stage(t, admin, id, { body: original, type });
      expect(staged.status).toBe(200);
      expect(staged.body).toMatchObject({ Kind: 'jointData' });

      const added = await addWith(original, type);
      expect(added.status).toBe(200);
      const ids = added.body as { SessionID: string; SubSessionID: string };
      const row = await listed(ids.SubSessionID);
      expect(row).toMatchObject({ Data: true, GaitMetrics: true, OriginalRecording: true });

      const path_ = (k: 'jointData' | 'gaitMetrics' | 'originalRecording') =>
        sessionFilePath(ids.SessionID, ids.SubSessionID, k);
      const kept = await download(t, path_('originalRecording'), admin.token);
      expect(kept.status).toBe(200);
      expect(kept.raw.equals(original)).toBe(true);
      // Saved under the patient's given id and the session numbers, with the recording's own extension.
      const name = `${String(row?.GivenPatientID)}_session-${String(row?.SessionNumber)}.1_original.${extension}`;
      expect(kept.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);

      const joints = await download(t, path_('jointData'), admin.token);
      const parsed = parseJointData(joints.raw.toString('utf8'));
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.recording.bouts[0]?.times.length).toBeGreaterThan(100);

      const metrics = await download(t, path_('gaitMetrics'), admin.token);
      expect(metrics.status).toBe(200);
      expect(checkMetricsFile(JSON.parse(metrics.raw.toString('utf8')))).toMatchObject({ ok: true });
    },
  );

  it('refuses to show an original C3D trial as text', async () => {
    const added = await addWith(fixture('c3d/PiG_Motion3_FF.c3d'), 'application/octet-stream');
    const ids = added.body as { SessionID: string; SubSessionID: string };
    const asText = await download(
      t,
      sessionFilePath(ids.SessionID, ids.SubSessionID, 'originalRecording', false),
      admin.token,
    );
    expect(asText.status).toBe(415);
    expect(asText.body.error).toBe('A C3D file is binary and cannot be shown as text; download it instead.');
  });

  it('replaces joint data with a recording through Upload Session File, and drops the original for a joint data file', async () => {
    const added = await addWith(walk().text, 'application/json');
    const ids = added.body as { SessionID: string; SubSessionID: string };
    const upload = `/api/uploadSessionFile?SessionID=${ids.SessionID}&SubSessionID=${ids.SubSessionID}&SessionFileType=${encodeURIComponent('Joint Data File')}`;
    const trc = fixture('formats/opencap-walk.trc');
    expect(
      (await sendRaw(t, upload, trc, 'text/plain', admin.token, { 'idempotency-key': newUploadId() })).status,
    ).toBe(200);
    expect(await listed(ids.SubSessionID)).toMatchObject({ Data: true, OriginalRecording: true });
    const kept = await download(t, sessionFilePath(ids.SessionID, ids.SubSessionID, 'originalRecording'), admin.token);
    expect(kept.raw.equals(trc)).toBe(true);

    const asVideo = `/api/uploadSessionFile?SessionID=${ids.SessionID}&SubSessionID=${ids.SubSessionID}&SessionFileType=${encodeURIComponent('Video File')}`;
    const wrong = await sendRaw(t, asVideo, trc, 'text/plain', admin.token);
    expect(wrong.status).toBe(415);
    expect(wrong.body.error).toBe('The file is a recording, not a video.');

    expect((await sendRaw(t, upload, walk().text, 'application/json', admin.token)).status).toBe(200);
    expect(await listed(ids.SubSessionID)).toMatchObject({ Data: true, OriginalRecording: false });
    const gone = await download(t, sessionFilePath(ids.SessionID, ids.SubSessionID, 'originalRecording'), admin.token);
    expect(gone.status).toBe(404);
  });

  const mot = fixture('formats/opencap-walk.mot');
  const trc = fixture('formats/opencap-walk.trc');
  const MOTION_ALONE =
    'An OpenSim motion file holds joint angles, not joint positions, so it cannot make a session on its own: add it beside the OpenCap TRC marker file of the same trial, as the OpenSim Motion File.';
  const addOpenCap = (files: { body: Buffer; type: string }[], options = 'SharedFormatJointsOnly') =>
    addSessionWith(
      t,
      admin,
      files,
      sessionBody(patientId, clinicianId, { SessionNumber: ++sessionNumber, FileUploadTypeOptions: options }),
    );

  it('keeps an OpenSim .mot uploaded beside its OpenCap TRC byte for byte, listed as the motion file', async () => {
    const staged = await stage(t, admin, newUploadId(), { body: mot, type: 'text/plain' });
    expect(staged.status).toBe(200);
    expect(staged.body).toMatchObject({ Kind: 'motion' });

    const added = await addOpenCap([
      { body: mot, type: 'text/plain' },
      { body: trc, type: 'text/plain' },
    ]);
    expect(added.status).toBe(200);
    const ids = added.body as { SessionID: string; SubSessionID: string };
    const row = await listed(ids.SubSessionID);
    expect(row).toMatchObject({ Data: true, GaitMetrics: true, OriginalRecording: true, MotionFile: true });
    const kept = await download(t, sessionFilePath(ids.SessionID, ids.SubSessionID, 'motion'), admin.token);
    expect(kept.status).toBe(200);
    expect(kept.raw.equals(mot)).toBe(true);
    const name = `${String(row?.GivenPatientID)}_session-${String(row?.SessionNumber)}.1_motion.mot`;
    expect(kept.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);

    // A joint data file replacing the TRC drops the motion file of that trial with its original.
    const upload = `/api/uploadSessionFile?SessionID=${ids.SessionID}&SubSessionID=${ids.SubSessionID}&SessionFileType=${encodeURIComponent('Joint Data File')}`;
    expect((await sendRaw(t, upload, walk().text, 'application/json', admin.token)).status).toBe(200);
    expect(await listed(ids.SubSessionID)).toMatchObject({ OriginalRecording: false, MotionFile: false });
  });

  it('refuses a .mot without its TRC, at Add Session and at Upload Session File, keeping nothing of it', async () => {
    const stored = async () => {
      const { files, subSessions } = await sessionState(t);
      return { files, subSessions };
    };
    const before = await stored();
    const alone = await addOpenCap([{ body: mot, type: 'text/plain' }], 'None');
    expect(alone.status).toBe(415);
    expect(alone.body.error).toBe(MOTION_ALONE);
    const besideKinect = await addOpenCap([
      { body: mot, type: 'text/plain' },
      { body: Buffer.from(walk().text), type: 'application/json' },
    ]);
    expect(besideKinect.status).toBe(415);
    expect(besideKinect.body.error).toBe(MOTION_ALONE);
    expect(await stored()).toEqual(before);

    const added = await addWith(walk().text, 'application/json');
    const ids = added.body as { SessionID: string; SubSessionID: string };
    const uploadAs = (type: string) =>
      `/api/uploadSessionFile?SessionID=${ids.SessionID}&SubSessionID=${ids.SubSessionID}&SessionFileType=${encodeURIComponent(type)}`;
    for (const type of ['OpenSim Motion File', 'Joint Data File']) {
      const refused = await sendRaw(t, uploadAs(type), mot, 'text/plain', admin.token);
      expect(refused.status).toBe(415);
      expect(refused.body.error).toBe(MOTION_ALONE);
    }
    expect(await listed(ids.SubSessionID)).toMatchObject({ Data: true, MotionFile: false });

    // Once the session's joint data comes from a TRC, the .mot can be added beside it.
    expect((await sendRaw(t, uploadAs('Joint Data File'), trc, 'text/plain', admin.token)).status).toBe(200);
    expect((await sendRaw(t, uploadAs('OpenSim Motion File'), mot, 'text/plain', admin.token)).status).toBe(200);
    expect(await listed(ids.SubSessionID)).toMatchObject({ OriginalRecording: true, MotionFile: true });
    const kept = await download(t, sessionFilePath(ids.SessionID, ids.SubSessionID, 'motion'), admin.token);
    expect(kept.raw.equals(mot)).toBe(true);
  });

  const azure = fixture('formats/azure-kinect-walk.json');
  const c3d = fixture('c3d/PiG_Motion3_FF.c3d');
  it('refuses a C3D trial whose markers are all missing, with what it lacks, and keeps nothing of it', async () => {
    const before = await sessionState(t);
    const res = await stage(t, admin, newUploadId(), {
      body: Buffer.from(withEveryMarkerMissing(c3d)),
      type: 'application/octet-stream',
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error:
          'No frame of the file has HipCenter, AnkleLeft, AnkleRight, FootLeft, FootRight tracked; gait metrics need the pelvis, both ankles and both feet.',
      },
    });
    expect(await sessionState(t)).toEqual(before);
  });

  it.each([
    [
      'a PNG image (its second byte is the C3D key)',
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000, 1)]),
      'application/octet-stream',
      415,
    ],
    ['a spreadsheet of other columns', 'name,age\nAda,36\n', 'text/plain', 415],
    ['an OpenSim motion file cut mid-row', fixture('formats/opencap-walk.mot').subarray(0, 3000), 'text/plain', 400],
    ['a C3D trial cut after 4 KiB', c3d.subarray(0, 4096), 'application/octet-stream', 400],
    ['an Azure Kinect file cut in half', azure.subarray(0, azure.length >> 1), 'application/json', 400],
  ] as const)('refuses %s and keeps nothing of it', async (_name, body, type, status) => {
    const before = await sessionState(t);
    const res = await stage(t, admin, newUploadId(), { body, type });
    expect(res.status).toBe(status);
    expect(await sessionState(t)).toEqual(before);
    if (status === 415) {
      // The message names every accepted recording format.
      for (const name of ['C3D marker trial', 'Azure Kinect', 'Kinect v2 CSV', 'MediaPipe Pose', 'OpenCap TRC'])
        expect(res.body.error).toContain(name);
    }
    if (status === 400) expect(String(res.body.error).length).toBeGreaterThan(10);
  });
});
