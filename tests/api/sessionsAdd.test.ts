import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, newUploadId, sessionBody, stage } from './support/sessionFlows.ts';
import {
  CLINIC_METRICS_TEXT,
  clinicJointsText,
  engineAnalyses,
  metricsText,
  mp4Container,
  sessionState,
  tempDataDir,
  walk,
} from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;

describe.each(DATABASE_KINDS)('add session (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session;
  let patient: Session;
  let clinician: Session;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    [admin, patient, clinician] = await Promise.all([api.login('admin'), api.login('patient'), api.login('clinician')]);
  });
  afterAll(() => t.close());

  const body = (overrides: Row = {}) => sessionBody(patient.id, clinician.id, overrides);
  const sessionsOf = async (id = patient.id): Promise<Row[]> =>
    (await api.get(`/api/patientSessions?id=${id}`, admin.token)).body.sessions as Row[];
  const json = (text: string) => ({ body: text, type: 'application/json' });

  it('adds a session with joint data and stores the metrics the engine computes from it', async () => {
    const added = await addSessionWith(
      t,
      admin,
      [json(walk().text)],
      body({ SessionNumber: 1, FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    expect(added).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    const row = (await sessionsOf()).find((s) => s.SubSessionID === added.body.SubSessionID);
    expect(row).toMatchObject({
      SessionID: added.body.SessionID,
      SessionNumber: 1,
      SubSessionNumber: 1,
      UniquePatientID: patient.id,
      GivenPatientID: 'GP-1001',
      PatientName: 'Olivia Bennett',
      ClinicianID: clinician.id,
      ClinicianName: 'Amelia Hart',
      TestID: 'T01',
      TestName: '10-Metre Walk Test',
      ClinicName: 'Riverside Gait Laboratory',
      DateTime: '2026-03-04T09:15:00.000Z',
      DateModified: added.body.DateModified,
      Data: true,
      GaitMetrics: engineAnalyses(),
      SSCData: false,
      Video: '',
      UnblurredVideo: false,
      BlurredVideo: false,
    });
  });

  it("names the patient's clinics the recording clinician works for, or all of them in name order when none", async () => {
    const clinics = (await api.get('/api/clinics', admin.token)).body.clinics as { ClinicID: string; Name: string }[];
    const answer = (await api.get(`/api/clinician?id=${clinician.id}`, admin.token)).body as { clinicians: Row[] };
    const record = answer.clinicians[0] ?? {};
    const worksAt = new Set(
      String(record.ClinicIDs)
        .split(',')
        .map((id) => id.trim()),
    );
    const elsewhere = clinics.filter((c) => !worksAt.has(c.ClinicID));
    expect(elsewhere.length).toBeGreaterThan(0);
    const byName = (list: typeof clinics) => [...list].sort((a, b) => (a.Name < b.Name ? -1 : 1)).map((c) => c.Name);
    for (const linked of [clinics, elsewhere]) {
      const added = await api.post(
        '/api/addPatient',
        {
          ID: `CN-${randomUUID()}`,
          DOB: '1970-01-01',
          Height: 170,
          Weight: 70,
          ClinicIDs: linked.map((c) => c.ClinicID),
        },
        admin.token,
      );
      const patientId = String(added.body.UniquePatientID);
      const session = await addSessionWith(t, admin, [], sessionBody(patientId, clinician.id, { SessionNumber: 1 }));
      expect(session.status).toBe(200);
      const shared = linked.filter((c) => worksAt.has(c.ClinicID));
      const [row] = await sessionsOf(patientId);
      expect(row?.ClinicName).toBe(byName(shared.length > 0 ? shared : linked).join(', '));
    }
  });

  it('appends a recording with the same session number as the next free sub-session', async () => {
    const first = await addSessionWith(t, admin, [], body({ SessionNumber: 2 }));
    const second = await addSessionWith(t, admin, [], body({ SessionNumber: 2, SubSessionNumber: 1, TestID: 'T02' }));
    expect(second.body.SessionID).toBe(first.body.SessionID);
    const rows = (await sessionsOf()).filter((s) => s.SessionNumber === 2);
    expect(rows.map((s) => [s.SubSessionNumber, s.TestID])).toEqual([
      [1, 'T01'],
      [2, 'T02'],
    ]);
  });

  it('refuses a duplicate session number without AppendToExistingSessionIfFound (409), changing nothing', async () => {
    await addSessionWith(t, admin, [], body({ SessionNumber: 3 }));
    const before = await sessionState(t);
    const res = await addSessionWith(
      t,
      admin,
      [],
      body({ SessionNumber: 3, SubSessionNumber: 2, AppendToExistingSessionIfFound: false }),
    );
    expect(res).toEqual({ status: 409, body: { error: 'Session 3 already exists for this patient' } });
    expect(await sessionState(t)).toEqual(before);
  });

  it('commits each upload type: shared format, joints only, metrics only, clinic format, videos', async () => {
    const cases: [Row, { body: Buffer | string; type: string; query?: string }[], Row][] = [
      [
        { FileUploadTypeOptions: 'SharedFormat' },
        [json(walk().text), json(metricsText())],
        { Data: true, GaitMetrics: true, SSCData: false },
      ],
      [
        { FileUploadTypeOptions: 'SharedFormatGaitMetricsOnly' },
        [json(metricsText())],
        { Data: false, GaitMetrics: true },
      ],
      [
        { FileUploadTypeOptions: 'SSCFormat' },
        [{ body: clinicJointsText(), type: 'text/plain' }],
        { Data: true, GaitMetrics: engineAnalyses(), SSCData: true },
      ],
      [
        { FileUploadTypeOptions: 'SSCFormat' },
        [{ body: CLINIC_METRICS_TEXT, type: 'text/plain' }],
        { Data: false, GaitMetrics: true, SSCData: true },
      ],
      [
        { VideoUploadTypeOptions: 'Blurred' },
        [{ body: mp4Container(), type: 'video/mp4' }],
        { BlurredVideo: true, UnblurredVideo: false },
      ],
      [
        { VideoUploadTypeOptions: 'Unblurred' },
        [{ body: mp4Container(), type: 'application/octet-stream' }],
        { BlurredVideo: false, UnblurredVideo: true },
      ],
      [
        { VideoUploadTypeOptions: 'Both' },
        [
          { body: mp4Container(10), type: 'video/mp4', query: '&VideoKind=Blurred' },
          { body: mp4Container(20), type: 'video/mp4', query: '&FileName=walk-unblurred.mp4' },
        ],
        { BlurredVideo: true, UnblurredVideo: true },
      ],
    ];
    let number = 10;
    for (const [options, files, expected] of cases) {
      const res = await addSessionWith(t, admin, files, body({ SessionNumber: ++number, ...options }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await sessionsOf()).find((s) => s.SubSessionID === res.body.SubSessionID)).toMatchObject(expected);
    }
    const both = (await sessionsOf()).find((s) => s.SessionNumber === number);
    expect(String(both?.Video).split(',')).toEqual([
      `SessionVideoFile_MP4/${String(both?.SessionID)}_${String(both?.SubSessionID)}.mp4`,
      `SessionVideoFile_MP4_Blurred/${String(both?.SessionID)}_${String(both?.SubSessionID)}.mp4`,
    ]);
  });

  it('asks for each video to be named when both are sent', async () => {
    const res = await addSessionWith(
      t,
      admin,
      [{ body: mp4Container(), type: 'video/mp4' }],
      body({ SessionNumber: 30, VideoUploadTypeOptions: 'Both' }),
    );
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'VideoUploadTypeOptions Both needs two videos, sent with VideoKind=Blurred and VideoKind=Unblurred',
      },
    });
  });

  it.each([
    [{ SessionNumber: undefined }, 'SessionNumber not specified'],
    [{ SessionNumber: -1 }, 'SessionNumber cannot be negative'],
    [{ SessionNumber: 0 }, 'SessionNumber cannot be 0'],
    [{ SubSessionNumber: 1.5 }, 'SubSessionNumber must be a whole number'],
    [{ TestID: '' }, 'TestID not specified'],
    [{ TestID: 'T99' }, 'TestID is not recognised'],
    [{ ClinicianID: undefined }, 'ClinicianID not specified'],
    [{ DateTime: undefined }, 'DateTime not specified'],
    [{ DateTime: '04/03/2026' }, 'DateTime must be an ISO date and time (YYYY-MM-DDTHH:mm)'],
    [
      { FileUploadTypeOptions: 'SharedFormat' },
      'FileUploadTypeOptions SharedFormat needs a joint data file, but none was sent with this FileUploadID',
    ],
    [
      { FileUploadTypeOptions: 'Zip' },
      'FileUploadTypeOptions should be None, SharedFormat, SharedFormatJointsOnly, SharedFormatGaitMetricsOnly, SSCFormat',
    ],
  ])('refuses %o with "%s" (400) and changes nothing', async (change, message) => {
    const before = await sessionState(t);
    const res = await addSessionWith(t, admin, [], body({ SessionNumber: 40, ...change }));
    expect(res).toEqual({ status: 400, body: { error: message } });
    expect(await sessionState(t)).toEqual(before);
  });

  it('answers 404 for an unknown patient or clinician', async () => {
    expect((await addSessionWith(t, admin, [], body({ UniquePatientID: randomUUID() }))).status).toBe(404);
    expect((await addSessionWith(t, admin, [], body({ ClinicianID: randomUUID() }))).status).toBe(404);
  });

  it('lets only the admin add sessions', async () => {
    const res = await api.post('/api/addSession', body({ SessionNumber: 50 }), clinician.token);
    expect(res.status).toBe(403);
  });

  it('answers a replayed Idempotency-Key with the first answer and adds nothing more', async () => {
    const uploadId = newUploadId();
    await stage(t, admin, uploadId, json(walk(3).text));
    const key = randomUUID();
    const request = {
      ...body({ SessionNumber: 60, FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
      FileUploadID: uploadId,
    };
    const first = await api.post('/api/addSession', request, admin.token, { 'idempotency-key': key });
    const before = await sessionState(t);
    const again = await api.post('/api/addSession', request, admin.token, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await sessionState(t)).toEqual(before);
    // The staged file was used up by the first commit, so a new add with the same FileUploadID has nothing to commit.
    expect((await api.post('/api/addSession', { ...request, SessionNumber: 61 }, admin.token)).status).toBe(400);
  });
});
