import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { addSessionOpen } from './pages/AddSessionFlow.ts';
import { AppChrome } from './pages/AppChrome.ts';
import { SessionApi } from './pages/SessionApi.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { AddSessionDialog, SessionFilesDialog } from './pages/SessionDialogs.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { REFERENCE_CADENCE, VideoGaitDialog } from './pages/VideoGaitDialog.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { controlledByServiceWorker, goOffline } from './support/offline.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

/** The woman's walk of the Sports2D clip, frames 60–199 (tests/fixtures/video/README.md), as H.264 MP4. */
const walk = fileURLToPath(new URL('../fixtures/video/demoWalk.mp4', import.meta.url));
const jointData = fileURLToPath(new URL('../fixtures/sessions/walk-joint-data.json', import.meta.url));
const sessionNumber = sessionNumberBase('videoGait');

test('a side-view walking video is analysed on the device and added with its joint data and metrics', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { add, addAndOpenFiles } = await addSessionOpen(page, request, sessionNumber);
  await add.dialog.getByRole('button', { name: 'Record or Choose Video' }).click();
  const video = new VideoGaitDialog(page);
  await expect(video.dialog).toContainText('the whole body in the frame');
  await video.chooseVideo(walk);
  await expect(video.dialog).toContainText('demoWalk.mp4 is ready to analyse.');
  // Olivia's record holds a height: it is offered, and this clip's walker is 1.68 m tall.
  await expect(video.dialog).toContainText("From the patient's record.");
  expect(Number.parseFloat(await video.height.inputValue())).toBeGreaterThan(1);
  await video.analyseWithHeight('1.68');
  await expect(video.dialog.getByRole('progressbar', { name: 'Finding the body in each frame' })).toBeVisible();
  const rate = await video.dialog.getByText(/frames per second \(/).textContent({ timeout: 120_000 });
  console.info(`pose worker in headless Chromium: ${rate ?? ''} (the clip has 30)`);

  const cadence = await video.cadence();
  expect(Math.abs(cadence - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
  await expect(video.dialog).toContainText('From video, BlazePose full, side view, scale from height 1.68 m');
  await expect(video.dialog).toContainText('Step width and frontal-plane measures are not available from a side view.');
  await video.dialog.getByRole('button', { name: 'Add to Session' }).click();

  await expect(add.dialog).toContainText(
    'File upload type: Joint data and gait metrics. Video upload type: Unblurred video.',
  );
  const { files } = await addAndOpenFiles();
  for (const kind of ['Joint Data File', 'Gait Metrics File', 'Unblurred Video']) {
    await expect(files.file(kind)).toContainText('Available');
  }
});

test('offline, a chosen walk is measured on the device by the pose model the service worker keeps', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await new LoginPage(page, 'admin').goto();
  await controlledByServiceWorker(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await expect(sessions.rows().first()).toBeVisible();

  // No network: the model's weights and tfjs's WASM come from the service worker's precache, or not at all.
  await goOffline(context);
  await sessions.addSession.click();
  await new AddSessionDialog(page).dialog.getByRole('button', { name: 'Record or Choose Video' }).click();
  const video = new VideoGaitDialog(page);
  await video.chooseVideo(walk);
  await video.analyseWithHeight('1.68');
  const cadence = await video.cadence();
  expect(Math.abs(cadence - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
  await expect(video.dialog).toContainText('From video, BlazePose full, side view, scale from height 1.68 m');
});

test('a walk filmed for a stored session is scaled by floor marks and replaces its files after asking', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  await api.addSession(sessionNumber + 1, olivia.id, amelia.id, jointData);
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await sessions.choose(sessions.row(sessionNumber + 1), 'Record or Choose Video');

  const video = page.getByRole('dialog', { name: 'Record or Choose Video' });
  const chooser = page.waitForEvent('filechooser');
  await video.getByRole('button', { name: 'Choose Video' }).click();
  await (await chooser).setFiles(walk);
  // React Aria hides the native input under its label: the choice is made by clicking the label.
  await video.getByRole('radiogroup', { name: 'Scale the video by' }).getByText('Two marks on the floor').click();
  await expect(video.getByRole('radio', { name: 'Two marks on the floor' })).toBeChecked();
  const frame = video.getByLabel('Frame for the floor marks');
  await expect(frame).toBeVisible();
  // A tap moves the nearer mark there; the keyboard moves a selected one.
  await frame.scrollIntoViewIfNeeded();
  const box = await frame.boundingBox();
  if (box === null) throw new Error('the frame is not shown');
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.92);
  await expect(video.getByRole('button', { name: /^Floor mark 1, 10\.\d % across, 92\.\d % down$/ })).toBeVisible();
  await video.getByRole('button', { name: /^Floor mark 2,/ }).press('Shift+ArrowRight');
  await expect(video.getByRole('button', { name: /^Floor mark 2, 68\.7 % across, 90\.0 % down$/ })).toBeVisible();
  const distance = video.getByRole('textbox', { name: 'Distance between the marks (m)' });
  await distance.fill('3');
  await distance.press('Tab');
  // The picker open, marks placed: every control is named and reachable.
  await expectNoAxeViolations(page, '[role="dialog"]');
  await video.getByRole('button', { name: 'Analyse Walk' }).click();

  await expect(video.getByText('Cadence')).toBeVisible({ timeout: 240_000 });
  const cadence = Number.parseFloat((await video.getByRole('definition').first().textContent()) ?? '');
  // Cadence needs no scale: the same walk gives the same figure whichever scale is chosen.
  expect(Math.abs(cadence - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
  await expect(video).toContainText('scale from floor marks 3.00 m apart');
  await video.getByRole('button', { name: 'Add to Session' }).click();

  const overwrite = page.getByRole('dialog', { name: 'Overwrite Files' });
  await expect(overwrite).toContainText('Joint Data File');
  await overwrite.getByRole('button', { name: 'Overwrite' }).click();
  await expect(
    new AppChrome(page).alert('The walk, its joint data and gait metrics are added to the session.'),
  ).toBeVisible({ timeout: 60_000 });
  // What the server keeps is the file the dialog made: the floor marks' provenance, not the old recording's.
  const stored = (await api.sessions()).find((s) => s.SessionNumber === sessionNumber + 1);
  if (stored === undefined) throw new Error('the session is gone');
  expect((await api.storedFile(stored, 'gaitMetrics')).toString()).toContain('scale from floor marks 3.00 m apart');
  expect(stored.UnblurredVideo).toBe(true);
});

test('a video stored without joint data shows the server’s measuring of it, to cancel or run again', async ({
  page,
  request,
}) => {
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  await api.addSession(sessionNumber + 2, olivia.id, amelia.id, undefined, walk);
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await sessions.choose(sessions.row(sessionNumber + 2), 'Files');
  const files = new SessionFilesDialog(page);
  // The e2e servers run no pose worker (POSE_WORKERS=0): the job the upload queued waits, and says so.
  const measuring = files.dialog.getByRole('region', { name: 'Measuring the walk' });
  await expect(measuring.getByRole('status')).toHaveText('Waiting to measure the walk in the video');
  await expect(measuring.getByRole('progressbar', { name: 'Measuring progress' })).toBeVisible();
  // The administrator may stop it, and ask for it again (after entering a missing height, say).
  await measuring.getByRole('button', { name: 'Cancel measuring' }).click();
  await expect(measuring.getByRole('status')).toHaveText('Measuring the walk was cancelled.');
  await measuring.getByRole('button', { name: 'Measure again' }).click();
  await expect(measuring.getByRole('status')).toHaveText('Waiting to measure the walk in the video');
  await measuring.getByRole('button', { name: 'Cancel measuring' }).click();

  // Or scaled by two floor marks placed on the stored video itself (a patient whose height is not on record).
  await measuring.getByRole('button', { name: 'Scale by Floor Marks' }).click();
  const frame = measuring.getByLabel('Frame for the floor marks');
  await expect.poll(() => frame.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await measuring.getByRole('button', { name: /^Floor mark 2,/ }).press('Shift+ArrowRight');
  const distance = measuring.getByRole('textbox', { name: 'Distance between the marks (m)' });
  await distance.fill('3');
  await distance.press('Tab');
  await measuring.getByRole('button', { name: 'Measure With These Marks' }).click();
  // Accepted: the picker (whose frame slider has a status of its own) closes.
  await expect(frame).toBeHidden();
  await expect(measuring.getByRole('status')).toHaveText('Waiting to measure the walk in the video');
  await expect(measuring).toContainText('Scaled by two floor marks 3.00 m apart.');
  const job = await api.poseJob(sessionNumber + 2);
  expect(job.FloorMarks).toEqual({
    DistanceM: 3,
    Marks: [
      { X: 1 / 3, Y: 0.9 },
      { X: 2 / 3 + 0.02, Y: 0.9 },
    ],
  });
});
