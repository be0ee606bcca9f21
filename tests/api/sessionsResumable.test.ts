import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { addStagedSession, newUploadId, sessionBody, storedVideo } from './support/sessionFlows.ts';
import { longRecording, mp4Container, sessionState, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { tusCall, tusCreate, tusSend } from './support/tus.ts';

// A large upload cut off halfway resumes from the server's offset (tus 1.0 core, creation, termination).
describe.each(DATABASE_KINDS)('resumable session uploads with tus (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  let patient: Session;
  let clinician: Session;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    const api = apiClient(t.app);
    [admin, patient, clinician] = await Promise.all([api.login('admin'), api.login('patient'), api.login('clinician')]);
  });
  afterAll(() => t.close());

  it('says what it speaks on OPTIONS, without a token', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/uploads' });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'tus-version': '1.0.0' });
    expect(String(res.headers['tus-extension'])).toContain('creation');
    expect(String(res.headers['tus-extension'])).toContain('termination');
    expect(Number(res.headers['tus-max-size'])).toBe(t.deps.config.uploadLimits.videoBytes);
  });

  it('takes a file in PATCHes, resumes at the offset HEAD gives, stages it at the last byte, and addSession commits it', async () => {
    const uploadId = newUploadId();
    const video = mp4Container(50_000);
    const joints = Buffer.from(walk().text);
    const created = await tusCreate(t, admin.token, video.length, { FileUploadID: uploadId, FileName: 'walk.mp4' });
    expect(created).toMatchObject({ status: 201, headers: { 'tus-resumable': '1.0.0' } });
    expect(created.url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    // Creating the same file again finds the same upload (a client that lost the answer resumes it).
    expect((await tusCreate(t, admin.token, video.length, { FileUploadID: uploadId, FileName: 'walk.mp4' })).url).toBe(
      created.url,
    );

    // Two PATCHes, then the connection drops; HEAD says where it stands.
    expect((await tusSend(t, admin.token, created.url, video.subarray(0, 20_000), 0, 10_000)).status).toBe(204);
    const head = await tusCall(t, admin.token, 'HEAD', created.url);
    expect(head).toMatchObject({
      status: 200,
      headers: { 'upload-offset': '20000', 'upload-length': String(video.length), 'cache-control': 'no-store' },
    });

    // A PATCH for the wrong offset changes nothing.
    const wrong = await tusCall(
      t,
      admin.token,
      'PATCH',
      created.url,
      { 'upload-offset': '10000' },
      video.subarray(10_000, 20_000),
    );
    expect(wrong.status).toBe(409);
    expect((await tusCall(t, admin.token, 'HEAD', created.url)).headers['upload-offset']).toBe('20000');

    const done = await tusSend(t, admin.token, created.url, video, 20_000, 16_000);
    expect(done).toMatchObject({ status: 200, body: { complete: true, Kind: 'video', FileUploadID: uploadId } });
    // Asking again after completion answers the same, so a lost answer never means sending the file twice.
    const again = await tusCreate(t, admin.token, video.length, { FileUploadID: uploadId, FileName: 'walk.mp4' });
    expect(again).toMatchObject({ status: 200, body: { complete: true, Kind: 'video' } });

    const jointsUpload = await tusCreate(t, admin.token, joints.length, { FileUploadID: uploadId, FileName: 'j.json' });
    expect((await tusSend(t, admin.token, jointsUpload.url, joints, 0, 30_000)).body).toMatchObject({
      complete: true,
      Kind: 'jointData',
    });

    const added = await addStagedSession(
      t,
      admin,
      sessionBody(patient.id, clinician.id, {
        SessionNumber: 41,
        FileUploadID: uploadId,
        FileUploadTypeOptions: 'SharedFormatJointsOnly',
        VideoUploadTypeOptions: 'Unblurred',
      }),
    );
    expect(added.status).toBe(200);
    const stored = await storedVideo(t, admin.token, added.body);
    expect(stored.raw.equals(video)).toBe(true);
    // The stored SHA-256 (the ETag) is the content's, counted as the PATCHes arrived.
    expect(stored.headers.etag).toBe(`"${createHash('sha256').update(video).digest('hex')}"`);
  });

  it('finishes once: a HEAD and an empty PATCH during and after the finish answer it without staging again', async () => {
    // A few MiB, so that the analysis of the last PATCH is still running when the HEAD and empty PATCH arrive.
    const joints = Buffer.from(longRecording(4));
    const uploadId = newUploadId();
    const created = await tusCreate(t, admin.token, joints.length, { FileUploadID: uploadId, FileName: 'long.json' });
    const last = joints.length - 1000;
    expect((await tusSend(t, admin.token, created.url, joints.subarray(0, last), 0, 2 ** 20)).status).toBe(204);
    const staged = { status: 200, body: { complete: true, Kind: 'jointData', FileUploadID: uploadId } };
    const asked = () => [
      tusCall(t, admin.token, 'HEAD', created.url),
      tusCall(t, admin.token, 'PATCH', created.url, { 'upload-offset': String(joints.length) }, Buffer.alloc(0)),
    ];
    const finishing = tusCall(
      t,
      admin.token,
      'PATCH',
      created.url,
      { 'upload-offset': String(last) },
      joints.subarray(last),
    );
    // A HEAD sent before the last bytes arrive rightly answers the earlier offset: ask until they are in, then
    // ask again while the finish (the analysis of a few MiB) is running.
    let head = await tusCall(t, admin.token, 'HEAD', created.url);
    for (let i = 0; i < 200 && head.status === 200 && head.headers['upload-offset'] === String(last); i++) {
      head = await tusCall(t, admin.token, 'HEAD', created.url);
    }
    const askedDuring = Promise.all(asked());
    const during = [await finishing, ...(await askedDuring)];
    expect(head).toMatchObject({ status: 200, headers: { 'upload-offset': String(joints.length) } });
    const after = await Promise.all(asked());
    for (const [finish, head, empty] of [during, [undefined, ...after]]) {
      if (finish !== undefined) expect(finish).toMatchObject(staged);
      expect(head).toMatchObject({ status: 200, headers: { 'upload-offset': String(joints.length) } });
      expect(empty).toMatchObject(staged);
    }
    const rows = await t.deps.database.db
      .selectFrom('upload_staging')
      .select('slot')
      .where('file_upload_id', '=', uploadId)
      .execute();
    // Staged once: the file and the metrics computed from it.
    expect(rows.map((r) => r.slot).sort()).toEqual(['jointData', 'jointData+gaitMetrics']);
  });

  it('refuses bad content at the last byte with 415, stages nothing and keeps no bytes', async () => {
    const before = await sessionState(t);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000, 1)]);
    const created = await tusCreate(t, admin.token, png.length, { FileUploadID: newUploadId(), FileName: 'x.png' });
    expect((await tusSend(t, admin.token, created.url, png, 0, 3000)).status).toBe(415);
    expect(await sessionState(t)).toEqual(before);
    expect((await tusCall(t, admin.token, 'HEAD', created.url)).status).toBe(404);
  });

  it('refuses what tus refuses: no Tus-Resumable, bytes past the length, a file over the limit', async () => {
    const created = await tusCreate(t, admin.token, 100, { FileUploadID: newUploadId(), FileName: 'x.json' });
    expect((await tusCall(t, admin.token, 'HEAD', created.url, { 'tus-resumable': '' })).status).toBe(412);
    const past = await tusCall(t, admin.token, 'PATCH', created.url, { 'upload-offset': '0' }, Buffer.alloc(101, 32));
    expect(past.status).toBe(413);
    const huge = await tusCreate(t, admin.token, t.deps.config.uploadLimits.videoBytes + 1, {
      FileUploadID: newUploadId(),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/too large/);
    const noId = await tusCreate(t, admin.token, 10, { FileName: 'x.json' });
    expect(noId).toMatchObject({ status: 400, body: { error: 'FileUploadID not specified' } });
  });

  it("answers 404 for another admin's upload and 403 for other roles; DELETE gives one up", async () => {
    const created = await tusCreate(t, admin.token, 100, { FileUploadID: newUploadId(), FileName: 'x.json' });
    expect((await tusCall(t, clinician.token, 'HEAD', created.url)).status).toBe(403);
    // The upload made another admin's: this admin no longer learns that it exists.
    const id = created.url.split('/').at(-1) ?? '';
    const { db } = t.deps.database;
    await db.updateTable('upload_parts').set({ user_id: clinician.id }).where('id', '=', id).execute();
    expect((await tusCall(t, admin.token, 'HEAD', created.url)).status).toBe(404);
    expect(
      (await tusCall(t, admin.token, 'PATCH', created.url, { 'upload-offset': '0' }, Buffer.alloc(10))).status,
    ).toBe(404);
    await db.updateTable('upload_parts').set({ user_id: admin.id }).where('id', '=', id).execute();
    expect((await tusCall(t, admin.token, 'DELETE', created.url)).status).toBe(204);
    expect((await tusCall(t, admin.token, 'HEAD', created.url)).status).toBe(404);
  });
});
