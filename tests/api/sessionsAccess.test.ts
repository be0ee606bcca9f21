import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, mp4Container, tempDataDir, walk } from './support/sessions.ts';
import { logInEveryRole, patientOutside } from './support/scope.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;

describe.each(DATABASE_KINDS)('session access (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinic: Session, clinician: Session, patient: Session;
  let own: Row;
  let foreign: Row;
  let foreignPatientId: string;
  const withVideos = [
    { body: walk().text, type: 'application/json' },
    { body: mp4Container(), type: 'video/mp4', query: '&VideoKind=Unblurred' },
    { body: mp4Container(), type: 'video/mp4', query: '&VideoKind=Blurred' },
  ];
  const options = { FileUploadTypeOptions: 'SharedFormatJointsOnly', VideoUploadTypeOptions: 'Both' };
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    ({ admin, clinic, clinician, patient } = await logInEveryRole(api));
    foreignPatientId = await patientOutside(t, clinic.id);
    own = (await addSessionWith(t, admin, withVideos, sessionBody(patient.id, clinician.id, options))).body;
    foreign = (await addSessionWith(t, admin, withVideos, sessionBody(foreignPatientId, clinician.id, options))).body;
  });
  afterAll(() => t.close());

  const file = (s: Row, k: 'video' | 'blurredVideo' | 'jointData') =>
    sessionFilePath(String(s.SessionID), String(s.SubSessionID), k);
  const listed = async (who: Session) =>
    ((await api.get('/api/sessions', who.token)).body.sessions as Row[]).map((s) => s.SubSessionID);

  it('lists each role its own sessions: the patient its own, staff their patients, the admin all', async () => {
    expect(await listed(patient)).toEqual([own.SubSessionID]);
    for (const staff of [clinician, clinic]) {
      expect(await listed(staff)).toContain(own.SubSessionID);
      expect(await listed(staff)).not.toContain(foreign.SubSessionID);
    }
    expect(await listed(admin)).toEqual(expect.arrayContaining([own.SubSessionID, foreign.SubSessionID]));
  });

  it("answers 404 for a patient or session outside the caller's scope", async () => {
    expect((await api.get(`/api/patientSessions?id=${foreignPatientId}`, clinician.token)).status).toBe(404);
    expect((await api.get(`/api/patientSessions?id=${foreignPatientId}`, patient.token)).status).toBe(404);
    expect((await api.get(`/api/patientSessions?id=${patient.id}`, patient.token)).body.sessions).toHaveLength(1);
    for (const who of [patient, clinician, clinic])
      expect((await download(t, file(foreign, 'blurredVideo'), who.token)).status).toBe(404);
  });

  it('gives one session by its SessionID to everyone in scope, with the names a page opened from a link shows', async () => {
    const one = async (id: unknown, who: Session) => api.get(`/api/session?id=${String(id)}`, who.token);
    // The rows the patient's session list gives: names, test, file presence, for each role alike.
    const rows = (await api.get(`/api/patientSessions?id=${patient.id}`, admin.token)).body.sessions as Row[];
    expect(rows).toEqual([expect.objectContaining({ SessionID: own.SessionID, Data: true })]);
    for (const who of [patient, clinician, clinic, admin])
      expect(await one(own.SessionID, who)).toMatchObject({ status: 200, body: { sessions: rows } });
    for (const who of [patient, clinician, clinic])
      expect(await one(foreign.SessionID, who)).toMatchObject({ status: 404, body: { error: 'Session not found' } });
    expect((await one(foreign.SessionID, admin)).status).toBe(200);
  });

  it('gives the blurred video to everyone in scope and the unblurred one only to admins and elevated clinicians', async () => {
    for (const who of [patient, clinician, clinic, admin])
      expect((await download(t, file(own, 'blurredVideo'), who.token)).status).toBe(200);
    for (const who of [patient, clinician, clinic]) {
      const res = await download(t, file(own, 'video'), who.token);
      expect(res).toMatchObject({
        status: 403,
        body: { error: 'Only administrators and clinicians with elevated access may see the unblurred video.' },
      });
      expect((await download(t, `${file(own, 'video').replace('/Internal', '')}`, who.token)).status).toBe(403);
    }
    expect((await download(t, file(own, 'video'), admin.token)).status).toBe(200);

    const record =
      ((await api.get(`/api/clinician?id=${clinician.id}`, admin.token)).body.clinicians as Row[])[0] ?? {};
    const updated = await api.post(
      '/api/updateClinician',
      { ...record, ID: clinician.id, ElevatedAccess: true },
      admin.token,
    );
    expect(updated.status).toBe(200);
    expect((await download(t, file(own, 'video'), clinician.token)).status).toBe(200);
  });

  it('lets only the admin remove a recording; removal leaves a tombstone and deletes its files', async () => {
    const since = String((await api.get('/api/sessions', clinician.token)).body.serverTime);
    const added = (await addSessionWith(t, admin, [], sessionBody(patient.id, clinician.id, { SessionNumber: 2 })))
      .body;
    expect(
      (
        await api.post(
          '/api/removeSession',
          { SessionID: own.SessionID, SubSessionID: own.SubSessionID },
          clinician.token,
        )
      ).status,
    ).toBe(403);
    const removed = await api.post(
      '/api/removeSession',
      { SessionID: own.SessionID, SubSessionID: own.SubSessionID },
      admin.token,
    );
    expect(removed.body).toMatchObject({ result: 'success', returnValue: 0, SubSessionID: own.SubSessionID });

    const delta = (await api.get(`/api/sessions?modifiedSince=${since}`, clinician.token)).body;
    expect((delta.sessions as Row[]).map((s) => s.SubSessionID)).toEqual([added.SubSessionID]);
    expect(delta.deleted).toEqual([{ id: own.SubSessionID, DateModified: removed.body.DateModified }]);
    expect((await download(t, file(own, 'jointData'), admin.token)).status).toBe(404);
    expect(
      (await api.get(`/api/sessions?modifiedSince=${String(delta.serverTime)}`, clinician.token)).body,
    ).toMatchObject({ sessions: [], deleted: [] });
  });

  it('keeps a patient who has recordings, and sends a tombstone once a recording is removed', async () => {
    const since = String((await api.get('/api/sessions', admin.token)).body.serverTime);
    expect((await api.post('/api/removePatient', { PatientID: foreignPatientId }, admin.token)).status).toBe(409);
    const removed = await api.post(
      '/api/removeSession',
      { SessionID: foreign.SessionID, SubSessionID: foreign.SubSessionID },
      admin.token,
    );
    expect(removed.status).toBe(200);
    const delta = (await api.get(`/api/sessions?modifiedSince=${since}`, admin.token)).body;
    expect(delta.deleted).toEqual([{ id: foreign.SubSessionID, DateModified: removed.body.DateModified }]);
  });

  it('writes audit rows for session writes, lists and downloads, allowed and refused', async () => {
    const rows = await t.deps.database.db.selectFrom('audit_log').select(['action', 'outcome', 'user_id']).execute();
    const seen = new Set(rows.map((r) => `${r.action} ${r.outcome}`));
    for (const entry of [
      'session.sendFile success',
      'session.add success',
      'sessions.list success',
      'session.download success',
      'session.download denied',
      'session.remove success',
    ])
      expect(seen).toContain(entry);
    expect(
      rows.some((r) => r.action === 'session.download' && r.outcome === 'denied' && r.user_id === patient.id),
    ).toBe(true);
  });
});
