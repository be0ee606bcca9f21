import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { newUploadId, sessionBody } from './support/sessionFlows.ts';
import { download, mp4Container, sessionState, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Answer = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };

// A large upload cut off halfway resumes from the server's offset instead of starting again.
describe.each(DATABASE_KINDS)('resumable session uploads (%s)', (kind) => {
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

  const call = async (
    method: 'POST' | 'GET' | 'HEAD' | 'PATCH',
    url: string,
    payload?: Buffer | Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
    });
    return {
      status: res.statusCode,
      body: res.payload.startsWith('{') ? (JSON.parse(res.payload) as Record<string, unknown>) : {},
      headers: res.headers,
    };
  };
  const start = (uploadId: string, size: number, fileName: string) =>
    call('POST', `/api/uploads?UserType=admin&FileUploadID=${uploadId}&FileName=${fileName}`, { size });
  const patch = (id: unknown, offset: number, chunk: Buffer) =>
    call('PATCH', `/api/uploads/${String(id)}`, chunk, {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    });

  /** Sends `file` from `from` in chunks of `size` bytes; answers the last reply. */
  async function sendFrom(id: unknown, file: Buffer, from: number, size: number): Promise<Answer> {
    let reply: Answer | undefined;
    for (let at = from; at < file.length; at += size) {
      reply = await patch(id, at, file.subarray(at, at + size));
      expect(reply.status).toBe(200);
    }
    if (reply === undefined) throw new Error('nothing sent');
    return reply;
  }

  it('takes a file in chunks, resumes after a gap at the offset HEAD gives, and addSession commits it', async () => {
    const uploadId = newUploadId();
    const video = mp4Container(50_000);
    const joints = Buffer.from(walk().text);
    const started = await start(uploadId, video.length, 'walk.mp4');
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ offset: 0, size: video.length, complete: false });
    const id = started.body.uploadId;
    expect(await start(uploadId, video.length, 'walk.mp4')).toMatchObject({
      status: 200,
      body: { uploadId: id, offset: 0 },
    });

    // Two chunks, then the connection drops; the upload is found again and HEAD says where it stands.
    await sendFrom(id, video.subarray(0, 20_000), 0, 10_000);
    expect((await start(uploadId, video.length, 'walk.mp4')).body).toMatchObject({ uploadId: id, offset: 20_000 });
    const head = await call('HEAD', `/api/uploads/${String(id)}`);
    expect(head).toMatchObject({
      status: 200,
      headers: { 'upload-offset': '20000', 'upload-length': String(video.length) },
    });
    expect((await call('GET', `/api/uploads/${String(id)}`)).body).toMatchObject({ offset: 20_000, complete: false });

    // A chunk for the wrong offset changes nothing and says where to go on from.
    const wrong = await patch(id, 10_000, video.subarray(10_000, 20_000));
    expect(wrong).toMatchObject({ status: 409, body: { offset: 20_000 }, headers: { 'upload-offset': '20000' } });

    const done = await sendFrom(id, video, 20_000, 16_000);
    expect(done.body).toMatchObject({ complete: true, offset: video.length, Kind: 'video', FileUploadID: uploadId });
    // Asking again after completion answers the same, so a lost answer never means sending the file twice.
    expect((await start(uploadId, video.length, 'walk.mp4')).body).toMatchObject({ complete: true, Kind: 'video' });

    const jointsId = (await start(uploadId, joints.length, 'joints.json')).body.uploadId;
    expect((await sendFrom(jointsId, joints, 0, 30_000)).body).toMatchObject({ complete: true, Kind: 'jointData' });

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/addSession',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: sessionBody(patient.id, clinician.id, {
        SessionNumber: 41,
        FileUploadID: uploadId,
        FileUploadTypeOptions: 'SharedFormatJointsOnly',
        VideoUploadTypeOptions: 'Unblurred',
      }),
    });
    expect(added.statusCode).toBe(200);
    const { SessionID, SubSessionID } = JSON.parse(added.payload) as Record<string, string>;
    const stored = await download(
      t,
      `/Internal/download/sessionData/${SessionID}_${SubSessionID}.SessionVideoFile_MP4.mp4`,
      admin.token,
    );
    expect(stored.raw.equals(video)).toBe(true);
  });

  it('refuses bad content at completion with 415 and stages nothing', async () => {
    const before = await sessionState(t);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000, 1)]);
    const id = (await start(newUploadId(), png.length, 'photo.png')).body.uploadId;
    await patch(id, 0, png.subarray(0, 3000));
    const last = await patch(id, 3000, png.subarray(3000));
    expect(last.status).toBe(415);
    expect(await sessionState(t)).toEqual(before);
    expect((await call('HEAD', `/api/uploads/${String(id)}`)).status).toBe(404);
  });

  it('refuses chunks over the chunk limit, past the size, and uploads of other users', async () => {
    const id = (await start(newUploadId(), 100, 'x.json')).body.uploadId;
    expect((await patch(id, 0, Buffer.alloc(101))).status).toBe(400);
    expect((await patch(id, 0, Buffer.alloc(8 * 2 ** 20 + 1))).status).toBe(413);
    expect((await call('HEAD', `/api/uploads/${String(id)}`)).headers['upload-offset']).toBe('0');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${String(id)}`,
      headers: { authorization: `Bearer ${clinician.token}` },
    });
    expect(other.statusCode).toBe(403);
  });
});
