import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLUR_MESSAGES, type BlurJob } from '#shared/sessions/blurJobs';
import { heldHeadBoxes } from '#shared/sessions/headBoxes';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import type { BlurWorkerSettings } from '#server/blur/blurSettings';
import { runOneBlurJob } from '#server/blur/blurWorker';
import { openStorage } from '#server/storage/openStorage';
import type { StorageDeps } from '#server/deps';
import { apiClient, type Session } from './support/client.ts';
import { logInEveryRole } from './support/scope.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, tempDataDir, walk } from './support/sessions.ts';
import { startTestApp, type TestApp } from './support/testApp.ts';
import { demoClip, probe } from './support/videoClips.ts';

type Row = Record<string, unknown>;

const SETTINGS: BlurWorkerSettings = {
  workers: 1,
  ffmpegPath: '/usr/bin/ffmpeg',
  memoryMb: 1024,
  timeoutSeconds: 300,
  leaseSeconds: 60,
  pollSeconds: 1,
  keepAudio: false,
  method: 'heads',
};

/** One pixel's RGB in a frame of a video, decoded by ffmpeg. */
function pixelAt(video: Buffer, frame: number, x: number, y: number): number[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gait-frame-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const rgb = execFileSync(
    '/usr/bin/ffmpeg',
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `select=eq(n\\,${String(frame)}),format=rgb24,crop=2:2:${String(x)}:${String(y)}`,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { maxBuffer: 1 << 20, input: '' },
  );
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return [...rgb.subarray(0, 3)];
}

// One database kind only: the heads job is CPU work (models on tfjs WASM), the same on SQLite and PostgreSQL, whose
// queue and review are covered by blurJobs.test.ts.
describe('a heads blurring job (sqlite)', () => {
  let t: TestApp;
  let deps: StorageDeps;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinician: Session, patient: Session;
  let own: Row;
  const latest = async () =>
    ((await api.get(`/api/blurJobs?SubSessionID=${String(own.SubSessionID)}`, admin.token)).body.jobs as BlurJob[])[0];
  const blurred = () => sessionFilePath(String(own.SessionID), String(own.SubSessionID), 'blurredVideo');

  beforeAll(async () => {
    t = await startTestApp('sqlite', { DATA_DIR: tempDataDir() });
    deps = { ...t.deps, storage: openStorage(t.deps.config.storage) };
    api = apiClient(t.app);
    ({ admin, clinician, patient } = await logInEveryRole(api));
    const files = [
      { body: walk().text, type: 'application/json' },
      // Half a second of the Sports2D clip: the jumper on the box, facing the camera.
      { body: demoClip(0.5), type: 'video/mp4', query: '&VideoKind=Unblurred' },
    ];
    const options = { FileUploadTypeOptions: 'SharedFormatJointsOnly', VideoUploadTypeOptions: 'Unblurred' };
    own = (await addSessionWith(t, admin, files, sessionBody(patient.id, clinician.id, options))).body;
  });
  afterAll(() => t.close());

  it('fills every head it found, keeps the boxes for the review, and writes a seekable H.264 MP4', async () => {
    expect(await latest()).toMatchObject({ Method: 'heads', State: 'queued', HeadBoxes: null });
    expect(await runOneBlurJob(deps, SETTINGS, 'test-worker')).toBe('done');
    const job = await latest();
    expect(job).toMatchObject({ Method: 'heads', State: 'done', Progress: 100, Review: 'pending' });
    const heads = job?.HeadBoxes;
    expect(heads).toMatchObject({ Width: 1768, Height: 994, FrameRate: 30, Hold: 8 });
    expect(heads?.Frames.length).toBeGreaterThanOrEqual(14);
    const video = await download(t, blurred(), admin.token);
    expect(probe(video.raw).codecs).toEqual(['h264']);
    expect(video.raw.indexOf('moov')).toBeLessThan(video.raw.indexOf('mdat'));
    // The jumper's head, annotated at 622, 52, 46 × 60 in frame 12 (tests/fixtures/video/demoHeads.json): a box
    // covers it, and its middle is the fill's grey.
    const filled = heldHeadBoxes(heads ?? { Frames: [], Hold: 0 }, 12);
    expect(filled.some(([x, y, w, h]) => x <= 622 && y <= 52 && x + w >= 668 && y + h >= 112)).toBe(true);
    for (const value of pixelAt(video.raw, 12, 644, 82)) expect(Math.abs(value - 128)).toBeLessThan(10);
  });

  it('releases a whole-frame blur instead when the reviewer asks, and nothing before it is made', async () => {
    const job = await latest();
    const res = await api.post('/api/reviewBlurJob', { JobID: job?.JobID, Decision: 'releaseWholeFrame' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.Job).toMatchObject({ Method: 'heads', Review: 'rejected', ReviewedBy: admin.id });
    expect(res.body.Rerun).toMatchObject({ Method: 'wholeFrame', State: 'queued', Review: 'wholeFrameReleased' });
    expect((await download(t, blurred(), patient.token)).body.error).toBe(BLUR_MESSAGES.awaitsReview);
    expect(await runOneBlurJob(deps, SETTINGS, 'test-worker')).toBe('done');
    expect((await download(t, blurred(), patient.token)).status).toBe(200);
  });

  it('fills the regions a reviewer marked for a re-run, beside the heads', async () => {
    const job = await latest();
    // The person in the doorway far behind the lawn (1479, 597 in a 1768 × 994 frame), whom no detector finds.
    const region = { x: 0.82, y: 0.58, width: 0.03, height: 0.04, fromSecond: 0 };
    const res = await api.post(
      '/api/reviewBlurJob',
      { JobID: job?.JobID, Decision: 'rerunWithRegions', Regions: [region] },
      admin.token,
    );
    expect(res.body.Rerun).toMatchObject({ Method: 'heads', Regions: [region] });
    expect(await runOneBlurJob(deps, SETTINGS, 'test-worker')).toBe('done');
    const video = await download(t, blurred(), admin.token);
    for (const value of pixelAt(video.raw, 3, 1484, 600)) expect(Math.abs(value - 128)).toBeLessThan(10);
  });

  it('stops detecting and encoding when the job is cancelled while it runs', async () => {
    const done = await latest();
    const region = { x: 0.1, y: 0.1, width: 0.1, height: 0.1 };
    const rerun = await api.post(
      '/api/reviewBlurJob',
      { JobID: done?.JobID, Decision: 'rerunWithRegions', Regions: [region] },
      admin.token,
    );
    const id = (rerun.body.Rerun as BlurJob).JobID;
    // A short lease, renewed every half second: the renewal is where a worker learns of the cancel.
    const running = runOneBlurJob(deps, { ...SETTINGS, leaseSeconds: 2 }, 'test-worker');
    while ((await latest())?.State !== 'running') await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await api.post('/api/cancelBlurJob', { JobID: id }, admin.token)).status).toBe(200);
    expect(await running).toBe('stopped');
    expect(await latest()).toMatchObject({ JobID: id, State: 'cancelled', HeadBoxes: null });
  });
});
