import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, newUploadId, sessionBody, storedVideo } from './support/sessionFlows.ts';
import { metricsText, mp4Container, sendRaw, sessionState, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { tusCreate, tusSend } from './support/tus.ts';
import { asSubSessionId } from '#shared/ids/ids';

type Row = Record<string, unknown>;

// Upload Session File naming a file staged by a resumable upload (tus), as the web client's outbox sends it: the
// replaced file survives a dropped connection without starting again.
describe.each(DATABASE_KINDS)('replacing a session file with a staged upload (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  let patient: Session;
  let clinician: Session;
  let clinic: Session;
  let target: Row;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    const api = apiClient(t.app);
    [admin, patient, clinician, clinic] = await Promise.all([
      api.login('admin'),
      api.login('patient'),
      api.login('clinician'),
      api.login('clinic'),
    ]);
    const added = await addSessionWith(
      t,
      admin,
      [
        { body: walk().text, type: 'application/json' },
        { body: mp4Container(400), type: 'video/mp4', query: '&VideoKind=Unblurred' },
      ],
      sessionBody(patient.id, clinician.id, {
        SessionNumber: 61,
        FileUploadTypeOptions: 'SharedFormatJointsOnly',
        VideoUploadTypeOptions: 'Unblurred',
      }),
    );
    target = added.body;
  });
  afterAll(() => t.close());

  /** Sends a file with tus under a fresh FileUploadID, in a few PATCHes; answers the id and the last PATCH's answer. */
  async function staged(bytes: Buffer, fileName: string) {
    const id = newUploadId();
    const created = await tusCreate(t, admin.token, bytes.length, { FileUploadID: id, FileName: fileName });
    return { id, last: await tusSend(t, admin.token, created.url, bytes, 0, Math.ceil(bytes.length / 3)) };
  }

  const replace = (type: string, fileUploadId: string, token = admin.token, headers: Record<string, string> = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/uploadSessionFile?UserType=${token === admin.token ? 'admin' : 'clinic'}&SessionID=${String(target.SessionID)}&SubSessionID=${String(target.SubSessionID)}&SessionFileType=${encodeURIComponent(type)}&FileUploadID=${fileUploadId}`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), ...headers },
      })
      .then((res) => ({
        status: res.statusCode,
        body: JSON.parse(res.payload) as Row,
        replayed: res.headers['idempotent-replayed'],
      }));

  const stagedRows = (id: string) =>
    t.deps.database.db.selectFrom('upload_staging').selectAll().where('file_upload_id', '=', id).execute();
  const subSession = () =>
    t.deps.database.db
      .selectFrom('sub_sessions')
      .select('date_modified')
      .where('id', '=', asSubSessionId(String(target.SubSessionID)))
      .executeTakeFirstOrThrow();

  it('stores the staged video in place of the old one, bumps DateModified and takes it out of staging', async () => {
    const video = mp4Container(90_000);
    const { id, last } = await staged(video, 'ward-walk.mp4');
    expect(last).toMatchObject({ status: 200, body: { complete: true, Kind: 'video', FileUploadID: id } });
    const before = await subSession();

    const res = await replace('Video File', id);
    expect(res).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    expect(res.body.DateModified).toBe((await subSession()).date_modified);
    expect(Date.parse(String(res.body.DateModified))).toBeGreaterThan(Date.parse(before.date_modified));
    expect((await storedVideo(t, admin.token, target)).raw.equals(video)).toBe(true);
    expect(await stagedRows(id)).toEqual([]);
  });

  it('derives from a staged joint data file what a body would bring: its computed metrics', async () => {
    const { id } = await staged(Buffer.from(walk(11).text), 'retake.json');
    expect((await replace('Joint Data File', id)).status).toBe(200);
    const kinds = (await sessionState(t)).files as Row[];
    const ofTarget = kinds.filter((f) => f.sub_session_id === target.SubSessionID).map((f) => f.kind);
    expect(ofTarget).toEqual(expect.arrayContaining(['jointData', 'gaitMetrics', 'video']));
  });

  it("refuses another user's FileUploadID as if nothing were staged under it, changing nothing", async () => {
    const { id } = await staged(mp4Container(3000), 'theirs.mp4');
    await t.deps.database.db
      .updateTable('upload_staging')
      .set({ user_id: clinician.id })
      .where('file_upload_id', '=', id)
      .execute();
    const before = await sessionState(t);
    expect(await replace('Video File', id)).toMatchObject({
      status: 400,
      body: { error: 'No file was sent with this FileUploadID.' },
    });
    expect(await sessionState(t)).toEqual(before);
  });

  it('answers 404 for a sub-session of another session or a removed one, 403 for a clinic, keeping the file staged', async () => {
    const { id } = await staged(mp4Container(3000), 'walk.mp4');
    const other = await addSessionWith(t, admin, [], sessionBody(patient.id, clinician.id, { SessionNumber: 62 }));
    const before = await sessionState(t);
    const saved = target;
    try {
      // The SubSessionID of one session under the SessionID of another is not found, whatever the caller may see.
      target = { SessionID: other.body.SessionID, SubSessionID: saved.SubSessionID };
      expect(await replace('Video File', id)).toMatchObject({ status: 404, body: { error: 'Session not found' } });
      const removed = await t.app.inject({
        method: 'POST',
        url: '/api/removeSession',
        payload: { UserType: 'admin', SessionID: other.body.SessionID, SubSessionID: other.body.SubSessionID },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(removed.statusCode).toBe(200);
      target = other.body;
      expect((await replace('Video File', id)).status).toBe(404);
      target = saved;
      expect((await replace('Video File', id, clinic.token)).status).toBe(403);
    } finally {
      target = saved;
    }
    const after = await sessionState(t);
    expect(after.files).toEqual(before.files);
    expect(after.staged).toEqual(before.staged);
    expect(await stagedRows(id)).toHaveLength(1);
  });

  it('refuses a damaged file at its last PATCH with the parser’s words, and stages nothing to replace with', async () => {
    const damaged = Buffer.from(walk().text.replace('"Joint_Positions":[', '"Joint_Positions":[1,'));
    const { id, last } = await staged(damaged, 'damaged.json');
    expect(last).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('joint coordinates; 60 are expected') as string },
    });
    const before = await sessionState(t);
    expect(await replace('Joint Data File', id)).toMatchObject({
      status: 400,
      body: { error: 'No file was sent with this FileUploadID.' },
    });
    expect(await sessionState(t)).toEqual(before);
  });

  it('refuses a staged file that is not what the type says with 415, keeping the old file and the staged one', async () => {
    const { id } = await staged(Buffer.from(metricsText()), 'metrics.json');
    const video = (await storedVideo(t, admin.token, target)).raw;
    const before = await sessionState(t);
    expect(await replace('Video File', id)).toMatchObject({
      status: 415,
      body: { error: 'The file is a gait metrics file, not a video.' },
    });
    expect(await sessionState(t)).toEqual(before);
    expect((await storedVideo(t, admin.token, target)).raw.equals(video)).toBe(true);
  });

  it('answers a replay of the same Idempotency-Key as the first time and changes nothing', async () => {
    const video = mp4Container(5000);
    const { id } = await staged(video, 'again.mp4');
    const headers = { 'idempotency-key': randomUUID() };
    const first = await replace('Video File', id, admin.token, headers);
    expect(first.status).toBe(200);
    const before = await sessionState(t);
    const again = await replace('Video File', id, admin.token, headers);
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(await sessionState(t)).toEqual(before);
    // Without the key the staged file is gone: it was used once.
    expect((await replace('Video File', id)).status).toBe(400);
  });

  it('refuses a request that sends a body and names a FileUploadID', async () => {
    const { id } = await staged(mp4Container(3000), 'both.mp4');
    const before = await sessionState(t);
    const url = `/api/uploadSessionFile?UserType=admin&SessionID=${String(target.SessionID)}&SubSessionID=${String(target.SubSessionID)}&SessionFileType=Video%20File&FileUploadID=${id}`;
    expect(await sendRaw(t, url, mp4Container(), 'video/mp4', admin.token)).toMatchObject({
      status: 400,
      body: { error: 'Send the file as the request body or name it by FileUploadID, not both.' },
    });
    expect(await sessionState(t)).toEqual(before);
  });
});
