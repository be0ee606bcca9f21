import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSE_MESSAGES, type PoseJob } from '#shared/sessions/poseJobs';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { claimPoseJob, MAX_POSE_ATTEMPTS, renewPoseLease } from '#server/pose/poseQueue';
import type { PoseWorkerSettings } from '#server/pose/poseSettings';
import { runOnePoseJob } from '#server/pose/poseWorker';
import { openStorage } from '#server/storage/openStorage';
import type { StorageDeps } from '#server/deps';
import { apiClient, type Session } from './support/client.ts';
import { logInEveryRole, patientOutside } from './support/scope.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, sendRaw, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { asSubSessionId } from '#shared/ids/ids';

type Row = Record<string, unknown>;

const WALK = fs.readFileSync(path.resolve('tests/fixtures/video/demoWalk.mp4'));
/** Step times from the heel strikes read by eye: 97.8 steps/min (tests/fixtures/video/README.md). */
const REFERENCE_CADENCE = 97.8;
/** The real model runs in two tests: about 12 s of CPU for demoWalk.mp4, more on a busy machine. */
const MODEL_TEST_MS = 120_000;
const SETTINGS: PoseWorkerSettings = {
  workers: 1,
  ffmpegPath: '/usr/bin/ffmpeg',
  memoryMb: 512,
  timeoutSeconds: 120,
  maxSeconds: 60,
  maxFrames: 1800,
  leaseSeconds: 60,
  pollSeconds: 1,
};

/** A second of a grey picture: a video with nobody in it. */
function emptyClip(): Buffer {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gait-still-')), 'still.mp4');
  const source = ['-f', 'lavfi', '-i', 'color=c=gray:s=320x240:r=10', '-t', '1'];
  const encode = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out];
  execFileSync('/usr/bin/ffmpeg', ['-loglevel', 'error', '-y', ...source, ...encode]);
  const clip = fs.readFileSync(out);
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return clip;
}

describe.each(DATABASE_KINDS)('pose jobs (%s)', (kind) => {
  let t: TestApp;
  let deps: StorageDeps;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinic: Session, clinician: Session, patient: Session;
  let own: Row;
  let foreign: Row;
  let sessionNumber = 0;

  const jobs = async (who: Session, recording: Row = own) =>
    api.get(`/api/poseJobs?SubSessionID=${String(recording.SubSessionID)}`, who.token);
  const latest = async (recording: Row = own) => ((await jobs(admin, recording)).body.jobs as PoseJob[])[0];
  const addVideoSession = async (patientId: string, video: Buffer, joints = false) => {
    const files = [
      ...(joints ? [{ body: walk().text, type: 'application/json' }] : []),
      { body: video, type: 'video/mp4', query: '&VideoKind=Unblurred' },
    ];
    const options = {
      SessionNumber: ++sessionNumber,
      FileUploadTypeOptions: joints ? 'SharedFormatJointsOnly' : 'None',
      VideoUploadTypeOptions: 'Unblurred',
    };
    const added = await addSessionWith(t, admin, files, sessionBody(patientId, clinician.id, options));
    expect(added.status).toBe(200);
    return added.body;
  };
  const setHeight = (cm: number) =>
    t.deps.database.db.updateTable('patients').set({ height_cm: cm }).where('id', '=', patient.id).execute();
  const upload = (recording: Row, type: string, body: Buffer | string, contentType: string) =>
    sendRaw(
      t,
      `/api/uploadSessionFile?SessionID=${String(recording.SessionID)}&SubSessionID=${String(recording.SubSessionID)}&SessionFileType=${encodeURIComponent(type)}`,
      body,
      contentType,
      admin.token,
    );
  const stored = async (recording: Row, kind: 'jointData' | 'gaitMetrics') => {
    const file = sessionFilePath(String(recording.SessionID), String(recording.SubSessionID), kind);
    const res = await download(t, file, admin.token);
    return { status: res.status, json: res.status === 200 ? (JSON.parse(res.raw.toString('utf8')) as Row) : {} };
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    deps = { ...t.deps, storage: openStorage(t.deps.config.storage) };
    api = apiClient(t.app);
    ({ admin, clinic, clinician, patient } = await logInEveryRole(api));
    own = await addVideoSession(patient.id, WALK);
    foreign = await addVideoSession(await patientOutside(t, clinic.id), WALK);
  });
  afterAll(() => t.close());

  it('queues a job for a video stored without joint data, shown to whoever may see the recording', async () => {
    for (const who of [patient, clinician, clinic, admin]) {
      const res = await jobs(who);
      expect(res.status).toBe(200);
      expect(res.body.jobs).toEqual([expect.objectContaining({ State: 'queued', Progress: 0, Attempts: 0 })]);
    }
    for (const who of [patient, clinician, clinic]) {
      expect(await jobs(who, foreign)).toMatchObject({ status: 404, body: { error: 'Session not found' } });
    }
    const withJoints = await addVideoSession(patient.id, WALK, true);
    expect((await jobs(admin, withJoints)).body.jobs).toEqual([]);
    // Only this test's recording is left queued for the worker.
    await t.deps.database.db
      .updateTable('pose_jobs')
      .set({ state: 'cancelled' })
      .where('sub_session_id', '=', asSubSessionId(String(foreign.SubSessionID)))
      .execute();
  });

  it('fails with what to do when the patient has no height on record', async () => {
    await setHeight(0);
    expect(await runOnePoseJob(deps, SETTINGS, 'test-worker')).toBe('failed');
    expect(await latest()).toMatchObject({ State: 'failed', Attempts: 1, Error: POSE_MESSAGES.noHeight });
    expect((await stored(own, 'jointData')).status).toBe(404);
  });

  it('is cancelled or measured again by staff on request, each change audited', async () => {
    const failed = (await latest())?.JobID;
    const act = (call: string, who: Session, JobID = failed) => api.post(`/api/${call}`, { JobID }, who.token);
    expect((await act('retryPoseJob', patient)).status).toBe(403);
    const theirs = ((await jobs(admin, foreign)).body.jobs as PoseJob[])[0]?.JobID;
    for (const call of ['cancelPoseJob', 'retryPoseJob'])
      expect(await act(call, clinician, theirs)).toMatchObject({
        status: 404,
        body: { error: POSE_MESSAGES.notFound },
      });
    expect(await act('cancelPoseJob', clinic)).toMatchObject({
      status: 409,
      body: { error: POSE_MESSAGES.notCancellable },
    });
    await setHeight(168);
    const retried = await act('retryPoseJob', clinic);
    expect(retried).toMatchObject({ status: 200, body: { result: 'success', returnValue: 0 } });
    expect(retried.body.Job).toMatchObject({ JobID: failed, State: 'queued', Attempts: 0, Error: null });
    expect(await act('retryPoseJob', clinician)).toMatchObject({
      status: 409,
      body: { error: POSE_MESSAGES.notRetryable },
    });
    expect((await act('cancelPoseJob', clinician)).body.Job).toMatchObject({ State: 'cancelled' });
    const outcomes = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('target', '=', `poseJob:${String(failed)}`)
      .orderBy('id')
      .execute();
    expect(outcomes.map((r) => `${r.action} ${r.outcome}`)).toEqual([
      'poseJob.cancel failure',
      'poseJob.retryByUser success',
      'poseJob.retryByUser failure',
      'poseJob.cancel success',
    ]);
  });

  it(
    'measures the walk as the device would: side-view joint data and metrics with provenance',
    async () => {
      await setHeight(168);
      const replacement = await upload(own, 'Video File', WALK, 'video/mp4');
      expect(replacement.status).toBe(200);
      expect(await latest()).toMatchObject({ State: 'queued', Attempts: 0 });
      const before = (await api.get(`/api/session?id=${String(own.SessionID)}`, admin.token)).body.sessions as Row[];

      const started = performance.now();
      expect(await runOnePoseJob(deps, SETTINGS, 'test-worker')).toBe('done');
      console.info(`pose job on demoWalk.mp4 (${kind}): ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(await latest()).toMatchObject({ State: 'done', Progress: 100, Attempts: 1, Error: null });

      const joints = await stored(own, 'jointData');
      expect(joints.status).toBe(200);
      expect(joints.json).toMatchObject({ View: 'Side' });
      const metrics = (await stored(own, 'gaitMetrics')).json;
      expect(String(metrics.Provenance)).toMatch(
        /^video, BlazePose full, side view, scale from height 1\.68 m \(lengths and speed ± 5 %\), keypoints low-pass filtered/,
      );
      const session = metrics.Session as { Cadence_steps_per_min: number; StepWidth_m: number | null };
      console.info(
        `cadence ${session.Cadence_steps_per_min.toFixed(1)} steps/min against ${String(REFERENCE_CADENCE)} read by eye`,
      );
      expect(Math.abs(session.Cadence_steps_per_min - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
      expect(session.StepWidth_m).toBeNull();

      const after = (await api.get(`/api/session?id=${String(own.SessionID)}`, admin.token)).body.sessions as Row[];
      expect(after[0]?.DateModified).not.toBe(before[0]?.DateModified);
      const audited = await t.deps.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'in', ['poseJob.start', 'poseJob.done', 'poseJob.fail', 'poseJob.list'])
        .execute();
      expect(new Set(audited.map((r) => r.action))).toEqual(
        new Set(['poseJob.start', 'poseJob.done', 'poseJob.fail', 'poseJob.list']),
      );
    },
    MODEL_TEST_MS,
  );

  it(
    'is scaled by two floor marks placed by staff where the record has no height',
    async () => {
      await setHeight(0);
      expect((await upload(own, 'Video File', WALK, 'video/mp4')).status).toBe(200);
      expect(await runOnePoseJob(deps, SETTINGS, 'test-worker')).toBe('failed');
      const JobID = (await latest())?.JobID;
      // The marks the device's floor-mark spec places on this clip (tests/e2e/videoGait.spec.ts), said to be 3 m apart.
      const FloorMarks = {
        DistanceM: 3,
        Marks: [
          { X: 0.1, Y: 0.92 },
          { X: 0.687, Y: 0.9 },
        ],
      };
      const offFrame = { ...FloorMarks, Marks: [{ X: 1.5, Y: 0.92 }, FloorMarks.Marks[1]] };
      expect(await api.post('/api/retryPoseJob', { JobID, FloorMarks: offFrame }, clinic.token)).toMatchObject({
        status: 400,
        body: { error: 'X must be 0 to 1' },
      });
      const retried = await api.post('/api/retryPoseJob', { JobID, FloorMarks }, clinic.token);
      expect(retried.body.Job).toMatchObject({ State: 'queued', FloorMarks });
      expect(await runOnePoseJob(deps, SETTINGS, 'test-worker')).toBe('done');
      const metrics = (await stored(own, 'gaitMetrics')).json;
      expect(String(metrics.Provenance)).toMatch(
        /^video, BlazePose full, side view, scale from floor marks 3\.00 m apart/,
      );
      const session = metrics.Session as { Cadence_steps_per_min: number };
      expect(Math.abs(session.Cadence_steps_per_min - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
      await setHeight(168);
    },
    MODEL_TEST_MS,
  );

  it(
    'stores videoGait’s refusal when nobody walks in the video',
    async () => {
      const still = await addVideoSession(patient.id, emptyClip());
      expect(await runOnePoseJob(deps, SETTINGS, 'test-worker')).toBe('failed');
      expect(await latest(still)).toMatchObject({
        State: 'failed',
        Attempts: 1,
        Error: 'No body was found in the video.',
      });
    },
    MODEL_TEST_MS,
  );

  it('cancels the job when the video is replaced, joint data arrives or the recording is removed', async () => {
    // A newer video of a recording whose joint data a job measured is measured again; the old job's run stops.
    expect((await upload(own, 'Video File', emptyClip(), 'video/mp4')).status).toBe(200);
    const first = await latest();
    expect(first).toMatchObject({ State: 'queued' });
    const claimed = await claimPoseJob(t.deps.database.db, kind, 'running-worker', t.deps.clock(), 60);
    expect(claimed?.id).toBe(first?.JobID);
    expect((await upload(own, 'Video File', WALK, 'video/mp4')).status).toBe(200);
    const listed = (await jobs(admin)).body.jobs as PoseJob[];
    expect(listed.slice(0, 2)).toMatchObject([{ State: 'queued' }, { JobID: first?.JobID, State: 'cancelled' }]);
    expect(
      await renewPoseLease(t.deps.database.db, String(first?.JobID), 'running-worker', t.deps.clock(), 60, 50),
    ).toBe(false);

    expect((await upload(own, 'Joint Data File', walk().text, 'application/json')).status).toBe(200);
    expect(await latest()).toMatchObject({ State: 'cancelled', Error: POSE_MESSAGES.jointDataArrived });

    const removable = await addVideoSession(patient.id, WALK);
    expect(await latest(removable)).toMatchObject({ State: 'queued' });
    const body = { SessionID: removable.SessionID, SubSessionID: removable.SubSessionID };
    expect((await api.post('/api/removeSession', body, admin.token)).status).toBe(200);
    const job = await t.deps.database.db
      .selectFrom('pose_jobs')
      .select(['state', 'error'])
      .where('sub_session_id', '=', asSubSessionId(String(removable.SubSessionID)))
      .executeTakeFirst();
    expect(job).toEqual({ state: 'cancelled', error: POSE_MESSAGES.replaced });
  });

  it('never gives two claimers the same job, and takes up one whose lease expired', async () => {
    const { db } = t.deps.database;
    await db.updateTable('pose_jobs').set({ state: 'cancelled' }).where('state', 'in', ['queued', 'running']).execute();
    const now = t.deps.clock().toISOString();
    const ids = Array.from({ length: 6 }, (_, n) => `pose-claim-${kind}-${String(n)}`);
    for (const id of ids) {
      await db
        .insertInto('pose_jobs')
        .values({
          id,
          sub_session_id: asSubSessionId(String(own.SubSessionID)),
          source_key: 'none',
          state: 'queued',
          progress: 0,
          attempts: 0,
          lease_owner: null,
          lease_expires_at: null,
          error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, n) => claimPoseJob(db, kind, `claimer-${String(n)}`, t.deps.clock(), 60)),
    );
    const got = claims.flatMap((c) => (c === undefined ? [] : [c.id]));
    expect(got.sort()).toEqual([...ids].sort());

    t.advanceClock(61);
    const resumed = await claimPoseJob(db, kind, 'after-crash', t.deps.clock(), 60);
    expect(resumed).toMatchObject({ state: 'running', attempts: 2, lease_owner: 'after-crash' });
    expect(MAX_POSE_ATTEMPTS).toBe(3);
  });
});
