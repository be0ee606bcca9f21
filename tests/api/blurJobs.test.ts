import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLUR_MESSAGES, type BlurJob } from '#shared/sessions/blurJobs';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { claimBlurJob, MAX_BLUR_ATTEMPTS, renewBlurLease } from '#server/blur/blurQueue';
import type { BlurWorkerSettings } from '#server/blur/blurSettings';
import { runOneBlurJob } from '#server/blur/blurWorker';
import { openStorage } from '#server/storage/openStorage';
import type { StorageDeps } from '#server/deps';
import { apiClient, type Session } from './support/client.ts';
import { logInEveryRole, patientOutside } from './support/scope.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, mp4Container, sendRaw, tempDataDir, walk } from './support/sessions.ts';
import { demoClip, probe } from './support/videoClips.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { startInstance, type Instance } from './support/instances.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';
import { asSubSessionId } from '#shared/ids/ids';

type Row = Record<string, unknown>;

const SETTINGS: BlurWorkerSettings = {
  workers: 1,
  ffmpegPath: '/usr/bin/ffmpeg',
  memoryMb: 1024,
  timeoutSeconds: 120,
  leaseSeconds: 60,
  pollSeconds: 1,
  keepAudio: false,
  method: 'wholeFrame',
};

describe.each(DATABASE_KINDS)('blurring jobs (%s)', (kind) => {
  let t: TestApp;
  let deps: StorageDeps;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinic: Session, clinician: Session, patient: Session;
  let own: Row;
  let foreign: Row;
  const clip = demoClip(2);

  const jobs = async (who: Session, recording: Row = own) =>
    api.get(`/api/blurJobs?SubSessionID=${String(recording.SubSessionID)}`, who.token);
  const latest = async () => ((await jobs(admin)).body.jobs as BlurJob[])[0];
  const blurred = (recording: Row = own) =>
    sessionFilePath(String(recording.SessionID), String(recording.SubSessionID), 'blurredVideo');
  const review = (who: Session, body: Row) => api.post('/api/reviewBlurJob', body, who.token);
  const setElevated = async (elevated: boolean) => {
    const record =
      ((await api.get(`/api/clinician?id=${clinician.id}`, admin.token)).body.clinicians as Row[])[0] ?? {};
    const updated = await api.post(
      '/api/updateClinician',
      { ...record, ID: clinician.id, ElevatedAccess: elevated },
      admin.token,
    );
    expect(updated.status).toBe(200);
  };

  /**
   * The video rule for the blurred video, for each role: those who may not watch the unblurred video (patient,
   * clinic, a clinician without elevated access) and those who may (the admin, an elevated clinician).
   */
  const videoRule = async (): Promise<Record<string, number | string>> => {
    const seen: Record<string, number | string> = {};
    const answer = async (who: Session) => {
      const res = await download(t, blurred(), who.token);
      return res.status === 403 && res.body.error === BLUR_MESSAGES.awaitsReview ? 'awaitsReview' : res.status;
    };
    for (const [name, who] of Object.entries({ patient, clinic, clinician, admin })) seen[name] = await answer(who);
    await setElevated(true);
    seen.elevatedClinician = await answer(clinician);
    await setElevated(false);
    return seen;
  };

  beforeAll(async () => {
    // Whole-frame jobs: seconds of ffmpeg; the heads method has its own short job test (headBlurJob.test.ts).
    t = await startTestApp(kind, { DATA_DIR: tempDataDir(), BLUR_METHOD: 'wholeFrame' });
    deps = { ...t.deps, storage: openStorage(t.deps.config.storage) };
    api = apiClient(t.app);
    ({ admin, clinic, clinician, patient } = await logInEveryRole(api));
    const files = [
      { body: walk().text, type: 'application/json' },
      { body: clip, type: 'video/mp4', query: '&VideoKind=Unblurred' },
    ];
    const options = { FileUploadTypeOptions: 'SharedFormatJointsOnly', VideoUploadTypeOptions: 'Unblurred' };
    own = (await addSessionWith(t, admin, files, sessionBody(patient.id, clinician.id, options))).body;
    const foreignPatient = await patientOutside(t, clinic.id);
    foreign = (await addSessionWith(t, admin, files, sessionBody(foreignPatient, clinician.id, options))).body;
  });
  afterAll(() => t.close());

  it('queues a job for every uploaded unblurred video, shown to staff in scope only', async () => {
    for (const who of [clinician, clinic, admin]) {
      const res = await jobs(who);
      expect(res.status).toBe(200);
      expect(res.body.jobs).toEqual([
        expect.objectContaining({ State: 'queued', Progress: 0, Method: 'wholeFrame', Review: 'pending' }),
      ]);
    }
    expect((await jobs(patient)).status).toBe(403);
    for (const who of [clinician, clinic])
      expect(await jobs(who, foreign)).toMatchObject({ status: 404, body: { error: 'Session not found' } });
    const job = (((await jobs(admin, foreign)).body.jobs as BlurJob[])[0] ?? { JobID: '' }).JobID;
    for (const call of ['cancelBlurJob', 'retryBlurJob'])
      expect((await api.post(`/api/${call}`, { JobID: job }, clinician.token)).status).toBe(404);
    await api.post('/api/cancelBlurJob', { JobID: job }, admin.token);
  });

  it('gives nothing playable but the awaits-review message while the video is queued', async () => {
    expect(await videoRule()).toEqual({
      patient: 'awaitsReview',
      clinic: 'awaitsReview',
      clinician: 'awaitsReview',
      admin: 404,
      elevatedClinician: 404,
    });
  });

  it('blurs the video into an H.264 MP4 without sound that the player can seek in', async () => {
    const before = (await api.get(`/api/session?id=${String(own.SessionID)}`, admin.token)).body.sessions as Row[];
    expect(await runOneBlurJob(deps, SETTINGS, 'test-worker')).toBe('done');
    expect(await latest()).toMatchObject({ State: 'done', Progress: 100, Attempts: 1, Review: 'pending' });
    const whole = await download(t, blurred(), admin.token);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const { codecs, duration } = probe(whole.raw);
    expect(codecs).toEqual(['h264']);
    expect(duration).toBeGreaterThan(1.5);
    expect(duration).toBeLessThan(2.5);
    // +faststart: the index comes before the media, so a player seeks before the file has loaded.
    expect(whole.raw.indexOf('moov')).toBeLessThan(whole.raw.indexOf('mdat'));
    const part = await download(t, blurred(), admin.token, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.raw.equals(whole.raw.subarray(0, 100))).toBe(true);
    const row = (await api.get(`/api/session?id=${String(own.SessionID)}`, admin.token)).body.sessions as Row[];
    expect(row[0]).toMatchObject({ BlurredVideo: true, UnblurredVideo: true });
    // A new version of the row: a mirror that synced before the job fetches it with its next delta, as the app asks.
    expect(row[0]?.DateModified).not.toBe(before[0]?.DateModified);
    const since = encodeURIComponent(String(before[0]?.DateModified));
    const delta = (await api.get(`/api/sessions?modifiedSince=${since}`, admin.token)).body.sessions as Row[];
    expect(delta.find((s) => s.SubSessionID === own.SubSessionID)).toMatchObject({ BlurredVideo: true });
  });

  it('keeps a finished blur from those who may not watch both until a reviewer confirms it', async () => {
    const pending = await videoRule();
    expect(pending).toEqual({
      patient: 'awaitsReview',
      clinic: 'awaitsReview',
      clinician: 'awaitsReview',
      admin: 200,
      elevatedClinician: 200,
    });
    const job = (await latest())?.JobID;
    expect(await review(clinician, { JobID: job, Decision: 'confirm' })).toMatchObject({
      status: 403,
      body: { error: BLUR_MESSAGES.mayNotReview },
    });
    expect((await review(clinic, { JobID: job, Decision: 'confirm' })).status).toBe(403);

    expect((await review(admin, { JobID: job, Decision: 'reject' })).status).toBe(200);
    expect(await videoRule()).toEqual(pending);

    const confirmed = await review(admin, { JobID: job, Decision: 'confirm' });
    expect(confirmed.body.Job).toMatchObject({ Review: 'confirmed', ReviewedBy: admin.id });
    expect(await videoRule()).toEqual({
      patient: 200,
      clinic: 200,
      clinician: 200,
      admin: 200,
      elevatedClinician: 200,
    });

    await setElevated(true);
    const released = await review(clinician, { JobID: job, Decision: 'releaseWholeFrame' });
    await setElevated(false);
    expect(released.body.Job).toMatchObject({ Review: 'wholeFrameReleased', ReviewedBy: clinician.id });
    expect((await download(t, blurred(), patient.token)).status).toBe(200);
  });

  it('re-runs with regions marked by hand, and cancels and retries a job', async () => {
    const job = (await latest())?.JobID;
    expect(await review(admin, { JobID: job, Decision: 'rerunWithRegions', Regions: [] })).toMatchObject({
      status: 400,
      body: { error: 'Regions must have at least one region for a re-run' },
    });
    const region = { x: 0.4, y: 0.1, width: 0.2, height: 0.2, fromSecond: 0, toSecond: 1 };
    const rerun = await review(admin, { JobID: job, Decision: 'rerunWithRegions', Regions: [region] });
    expect(rerun.body).toMatchObject({
      Job: { Review: 'rejected' },
      Rerun: { State: 'queued', Regions: [region], Review: 'pending' },
    });
    expect((await download(t, blurred(), patient.token)).body.error).toBe(BLUR_MESSAGES.awaitsReview);

    const next = String((rerun.body.Rerun as BlurJob).JobID);
    expect((await api.post('/api/cancelBlurJob', { JobID: next }, admin.token)).body.Job).toMatchObject({
      State: 'cancelled',
    });
    expect(await api.post('/api/cancelBlurJob', { JobID: next }, admin.token)).toMatchObject({
      status: 409,
      body: { error: BLUR_MESSAGES.notCancellable },
    });
    expect((await api.post('/api/retryBlurJob', { JobID: next }, admin.token)).body.Job).toMatchObject({
      State: 'queued',
      Attempts: 0,
    });
    expect((await api.post('/api/retryBlurJob', { JobID: next }, admin.token)).status).toBe(409);
    expect((await review(admin, { JobID: next, Decision: 'confirm' })).body.error).toBe(BLUR_MESSAGES.notReviewable);
  });

  it('never gives two claimers the same job', async () => {
    const { db } = t.deps.database;
    await db.updateTable('blur_jobs').set({ state: 'cancelled' }).where('state', 'in', ['queued', 'running']).execute();
    const now = t.deps.clock().toISOString();
    const ids = Array.from({ length: 6 }, (_, n) => `claim-test-${kind}-${String(n)}`);
    for (const id of ids) {
      await db
        .insertInto('blur_jobs')
        .values({
          id,
          sub_session_id: asSubSessionId(String(own.SubSessionID)),
          source_key: 'none',
          method: 'wholeFrame',
          regions: null,
          state: 'queued',
          progress: 0,
          attempts: 0,
          lease_owner: null,
          lease_expires_at: null,
          output_key: null,
          error: null,
          review: 'pending',
          reviewed_by: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // Two instances' workers claiming at once, each as often as there are jobs.
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        claimBlurJob(db, kind, n % 2 === 0 ? 'instance-a' : 'instance-b', t.deps.clock(), 60),
      ),
    );
    const claimed = claims.flatMap((job) => (job === undefined ? [] : [job.id]));
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('takes up again a job whose lease expired, and gives it up after its last attempt', async () => {
    const { db } = t.deps.database;
    const id = `claim-test-${kind}-0`;
    await db.updateTable('blur_jobs').set({ state: 'cancelled' }).where('id', '!=', id).execute();
    await db.updateTable('blur_jobs').set({ state: 'queued', attempts: 0 }).where('id', '=', id).execute();
    const first = await claimBlurJob(db, kind, 'instance-a', t.deps.clock(), 60);
    expect(first).toMatchObject({ id, attempts: 1, lease_owner: 'instance-a' });
    expect(await claimBlurJob(db, kind, 'instance-b', t.deps.clock(), 60)).toBeUndefined();
    t.advanceClock(61);
    const again = await claimBlurJob(db, kind, 'instance-b', t.deps.clock(), 60);
    expect(again).toMatchObject({ id, attempts: 2, lease_owner: 'instance-b' });
    // The instance that lost its lease learns so at its next renewal and stops.
    expect(await renewBlurLease(db, id, 'instance-a', t.deps.clock(), 60, 50)).toBe(false);
    expect(await renewBlurLease(db, id, 'instance-b', t.deps.clock(), 60, 50)).toBe(true);
    for (let attempt = 3; attempt <= MAX_BLUR_ATTEMPTS; attempt += 1) {
      t.advanceClock(61);
      expect(await claimBlurJob(db, kind, 'instance-a', t.deps.clock(), 60)).toMatchObject({ attempts: attempt });
    }
    t.advanceClock(61);
    expect(await claimBlurJob(db, kind, 'instance-a', t.deps.clock(), 60)).toBeUndefined();
    const given = await db.selectFrom('blur_jobs').select(['state', 'error']).where('id', '=', id).executeTakeFirst();
    expect(given).toEqual({ state: 'failed', error: 'The blurring stopped before it finished on every attempt.' });
    await db.deleteFrom('blur_jobs').where('id', 'like', 'claim-test-%').execute();
  });

  it('resumes an interrupted job of a real video to its end', async () => {
    const { db } = t.deps.database;
    const retried = await api.post('/api/retryBlurJob', { JobID: (await latest())?.JobID }, admin.token);
    expect(retried.body.Job).toMatchObject({ State: 'queued' });
    // An instance claimed it and was killed: its lease is left to expire.
    expect(await claimBlurJob(db, kind, 'killed-instance', t.deps.clock(), 60)).toBeDefined();
    expect(await runOneBlurJob(deps, SETTINGS, 'test-worker')).toBe('idle');
    t.advanceClock(61);
    expect(await runOneBlurJob(deps, SETTINGS, 'test-worker')).toBe('done');
    expect(await latest()).toMatchObject({ State: 'done', Attempts: 2, Progress: 100, Review: 'pending' });
    expect((await download(t, blurred(), patient.token)).body.error).toBe(BLUR_MESSAGES.awaitsReview);
  });

  it('cancels the open job when a person uploads the blurred video, and releases that one as theirs', async () => {
    const upload = `/api/uploadSessionFile?SessionID=${String(own.SessionID)}&SubSessionID=${String(own.SubSessionID)}`;
    expect((await sendRaw(t, `${upload}&SessionFileType=Video%20File`, clip, 'video/mp4', admin.token)).status).toBe(
      200,
    );
    expect(await latest()).toMatchObject({ State: 'queued' });
    const manual = mp4Container(3000);
    const sent = await sendRaw(t, `${upload}&SessionFileType=Blurred%20Video%20File`, manual, 'video/mp4', admin.token);
    expect(sent.status).toBe(200);
    expect(await latest()).toMatchObject({ State: 'cancelled' });
    expect((await download(t, blurred(), patient.token)).raw.equals(manual)).toBe(true);
  });

  it('audits every step: the worker’s, the reads and the decisions, refused ones too', async () => {
    const rows = await t.deps.database.db.selectFrom('audit_log').select(['action', 'outcome']).execute();
    const seen = new Set(rows.map((r) => `${r.action} ${r.outcome}`));
    for (const entry of [
      'blurJob.start success',
      'blurJob.resume success',
      'blurJob.done success',
      'blurJob.list success',
      'blurJob.list denied',
      'blurJob.cancel success',
      'blurJob.cancel failure',
      'blurJob.retryByUser success',
      'blurJob.review.confirm success',
      'blurJob.review.confirm failure',
      'blurJob.review.reject success',
      'blurJob.review.releaseWholeFrame success',
      'blurJob.review.rerunWithRegions success',
      'session.download denied',
    ])
      expect(seen, entry).toContain(entry);
  });
});

describe('a blurring job whose server is killed (kill -9)', () => {
  let dataDir: string;
  let running: Instance | undefined;
  const env = () => ({
    DATA_DIR: dataDir,
    BLUR_WORKERS: '1',
    BLUR_LEASE_SECONDS: '3',
    BLUR_POLL_SECONDS: '1',
    BLUR_METHOD: 'wholeFrame',
  });
  const call = async (base: string, url: string, token?: string, body?: unknown, type = 'application/json') => {
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': type }),
      },
      ...(body === undefined ? {} : { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Row };
  };
  const login = async (base: string, role: 'admin' | 'patient' | 'clinician') =>
    (await call(base, `/api/${role}Login`, undefined, { username: DEMO_LOGINS[role], password: DEMO_PASSWORD })).body
      .Data as { ID: string; AccessToken: string };
  const waitFor = async (base: string, token: string, id: string, done: (job: BlurJob) => boolean) => {
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      const job = ((await call(base, `/api/blurJobs?SubSessionID=${id}`, token)).body.jobs as BlurJob[])[0];
      if (job !== undefined && done(job)) return job;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error('the job did not get there in time');
  };

  beforeAll(() => {
    dataDir = tempDataDir();
  });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken up again by the restarted server and finished', { timeout: 300_000 }, async () => {
    running = await startInstance('blur-a', env());
    const base = running.url;
    const admin = await login(base, 'admin');
    const [patient, clinician] = [await login(base, 'patient'), await login(base, 'clinician')];
    const uploadId = `${String(Date.now())}-kill`;
    const video = demoClip(4);
    const sent = await call(
      base,
      `/api/addSession/sendFile?UserType=admin&FileUploadID=${uploadId}&VideoKind=Unblurred`,
      admin.AccessToken,
      video,
      'video/mp4',
    );
    expect(sent.status).toBe(200);
    const added = await call(base, '/api/addSession', admin.AccessToken, {
      ...sessionBody(patient.ID, clinician.ID, { VideoUploadTypeOptions: 'Unblurred' }),
      FileUploadID: uploadId,
    });
    const id = String(added.body.SubSessionID);
    const midway = await waitFor(base, admin.AccessToken, id, (job) => job.State === 'running' && job.Progress > 0);
    expect(midway.Attempts).toBe(1);
    expect(await running.stop('SIGKILL')).toBeNull();

    running = await startInstance('blur-b', env());
    const restarted = await login(running.url, 'admin');
    const done = await waitFor(running.url, restarted.AccessToken, id, (job) => job.State !== 'running');
    expect(done).toMatchObject({ State: 'done', Attempts: 2, Progress: 100, Review: 'pending' });
    const res = await fetch(`${running.url}${sessionFilePath(String(added.body.SessionID), id, 'blurredVideo')}`, {
      headers: { authorization: `Bearer ${restarted.AccessToken}` },
    });
    expect(res.status).toBe(200);
    expect(probe(Buffer.from(await res.arrayBuffer())).codecs).toEqual(['h264']);
  });
});
