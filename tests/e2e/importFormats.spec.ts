import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { addSessionOpen } from './pages/AddSessionFlow.ts';
import { AppChrome } from './pages/AppChrome.ts';
import { ReportDialog } from './pages/ReportDialog.ts';
import { SessionApi } from './pages/SessionApi.ts';
import { AddSessionDialog, SessionFilesDialog, UploadSessionFileDialog } from './pages/SessionDialogs.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { SkeletonViewerPage } from './pages/SkeletonViewerPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

/** Each import format: its fixture, the name the app gives it, and how many joints or markers the viewer draws. */
const FORMATS = [
  ['C3D marker trial', 'c3d/PiG_Motion3_FF.c3d', /C3D marker trial, \d\d+ markers/],
  ['Azure Kinect', 'formats/azure-kinect-walk.json', /Azure Kinect Body Tracking JSON \(32 joints\), 3\d joints/],
  ['Kinect v2 CSV', 'formats/kinect-v2-walk.csv', /Kinect v2 CSV \(25 joints\), 2\d joints/],
  ['Kinect v2 JSON', 'formats/kinect-v2-walk.json', /Kinect v2 JSON \(25 joints\), 2\d joints/],
  ['MediaPipe Pose', 'formats/mediapipe-walk.json', /MediaPipe Pose world landmarks JSON \(33 landmarks\), 3\d joints/],
  ['OpenCap TRC', 'formats/opencap-walk.trc', /OpenCap TRC markers, \d\d+ markers/],
] as const;

// Session numbers of this run, clear of any other spec's sessions on the shared test server.
const base = sessionNumberBase('importFormats');

for (const [index, [name, path, drawn]] of FORMATS.entries()) {
  test(`a session made from a ${name} file plays its own skeleton and gives a report`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const sessionNumber = base + index;
    const { sessions, add, addAndOpenFiles } = await addSessionOpen(page, request, sessionNumber);
    await add.addFiles([fixture(path)]);
    // The picked file is told by its content, whatever its name.
    await expect(add.dialog).toContainText(name.startsWith('C3D') ? 'C3D marker trial' : (name.split(' ')[0] ?? ''));
    await expect(add.dialog).toContainText('File upload type: Joint data only.');
    const { row, files } = await addAndOpenFiles();
    await expect(files.file('Joint Data File')).toContainText('Available');
    await expect(files.file('Gait Metrics File')).toContainText('Available');
    await expect(files.file('Original Recording')).toContainText('Available');
    await files.close().click();

    await sessions.choose(row, 'Report');
    const report = new ReportDialog(page, 'Create Single Session Report');
    await report.chooseMetrics(['Speed', 'Cadence']);
    await report.infer.click();
    await expect(page.getByRole('dialog', { name: 'Report Generated' })).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    await sessions.skeletonLink(row).click();
    const viewer = new SkeletonViewerPage(page);
    await expect(viewer.status).toHaveText('Ready', { timeout: 30_000 });
    await expect(viewer.viewer.getByText(drawn)).toBeVisible();
    await expect.poll(() => viewer.canvasColourCount()).toBeGreaterThan(20);
    await viewer.play.click();
    await expect(viewer.status).toHaveText('Playing');
    await expect.poll(() => viewer.seconds()).toBeGreaterThan(0.3);
  });
}

test('a lab trial with force plates shows the plate events in its report and on the viewer timeline', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const sessionNumber = base + FORMATS.length;
  const { sessions, add, addAndOpenFiles } = await addSessionOpen(page, request, sessionNumber);
  await add.addFiles([fixture('c3d/forceplates/FunctionalWalk.c3d')]);
  await expect(add.dialog).toContainText('C3D marker trial');
  const { row, files } = await addAndOpenFiles();
  await files.close().click();

  await sessions.choose(row, 'Report');
  const report = new ReportDialog(page, 'Create Single Session Report');
  await report.chooseMetrics(['Cadence']);
  await report.infer.click();
  const generated = page.getByRole('dialog', { name: 'Report Generated' });
  const [html] = await Promise.all([
    context.waitForEvent('page'),
    generated.getByRole('button', { name: 'Table View' }).click(),
  ]);
  await expect(html.getByRole('heading', { name: 'Gait events from force plates' })).toBeVisible();
  await html.close();
  await page.keyboard.press('Escape');

  await sessions.skeletonLink(row).click();
  const viewer = new SkeletonViewerPage(page);
  await expect(viewer.status).toHaveText('Ready', { timeout: 30_000 });
  // The plates' heel strikes and toe offs, told apart from the markers' own and named for a screen reader.
  await expect(
    viewer.viewer.getByRole('img', { name: /^Gait events from force plates: .*heel strike at .*plate \d/ }),
  ).toBeVisible();
});

test('a file that is no session file is refused by its content, with the formats the portal reads', async ({
  page,
}, testInfo) => {
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await sessions.addSession.click();
  const add = new AddSessionDialog(page);
  // Named like a recording, but a spreadsheet of something else.
  const fake = testInfo.outputPath('walk.csv');
  writeFileSync(fake, 'name,age\nAda,36\n');
  await add.addFiles([fake]);
  await expect(
    add.dialog
      .getByRole('alert')
      .filter({ hasText: /walk\.csv: The file is not a session file: expected a recording \(.*C3D/ }),
  ).toBeVisible();
  await expect(add.dialog).toContainText('A recording (joint data file, C3D');
});

test('Upload Session File replaces the joint data with a recording and asks before dropping the original', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const sessionNumber = base + 9;
  const { olivia, amelia } = await api.demoPatientAndClinician();
  await api.addSession(sessionNumber, olivia.id, amelia.id, fixture('sessions/walk-joint-data.json'));
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  const row = sessions.row(sessionNumber);
  await sessions.choose(row, 'Files');
  const files = new SessionFilesDialog(page);
  await expect(files.file('Original Recording')).toContainText('Not Found');

  await files.upload('Joint Data File').click();
  const upload = new UploadSessionFileDialog(page);
  await upload.chooseFile(fixture('formats/kinect-v2-walk.csv'));
  await expect(upload.dialog).toContainText('kinect-v2-walk.csv (Kinect v2 CSV (25 joints))');
  await upload.uploadButton().click();
  await upload.overwrite.getByRole('button', { name: 'Overwrite' }).click();
  await expect(chrome.alert('Session file is successfully uploaded')).toBeVisible({ timeout: 30_000 });
  await expect(files.file('Original Recording')).toContainText('Available');
  await expect(files.download('Original Recording')).toHaveAttribute('href', /\.OriginalRecording\?access_token=/);
  // Dismissed as a user would, so that the next upload's notice is the only one on screen.
  await page
    .getByRole('alertdialog')
    .filter({ hasText: 'Session file is successfully uploaded' })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(chrome.alert('Session file is successfully uploaded')).toBeHidden();

  // A joint data file of the portal's own format replaces the joint data and the original it came from.
  await files.upload('Joint Data File').click();
  await upload.chooseFile(fixture('sessions/walk-joint-data-retake.json'));
  await upload.uploadButton().click();
  await expect(upload.overwrite).toContainText('Original Recording');
  await upload.overwrite.getByRole('button', { name: 'Overwrite' }).click();
  await expect(chrome.alert('Session file is successfully uploaded')).toBeVisible({ timeout: 30_000 });
  await expect(files.file('Original Recording')).toContainText('Not Found');
});

test('an OpenSim .mot is added beside its OpenCap TRC and listed with the session files', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sessionNumber = base + 8;
  const { add, addAndOpenFiles } = await addSessionOpen(page, request, sessionNumber);

  // On its own, a .mot is picked as what it is, and the dialog says what it needs before anything is sent.
  await add.addFiles([fixture('formats/opencap-walk.mot')]);
  await expect(add.dialog).toContainText('OpenSim motion file');
  await expect(add.dialog).toContainText(
    'An OpenSim motion file holds joint angles, not joint positions, so it cannot make a session on its own',
  );
  await add.addFiles([fixture('formats/opencap-walk.trc')]);
  await expect(add.dialog).toContainText('File upload type: Joint data only.');
  const { files } = await addAndOpenFiles();
  await expect(files.file('Original Recording')).toContainText('Available');
  await expect(files.file('OpenSim Motion File')).toContainText('Available');
  await expect(files.download('OpenSim Motion File')).toHaveAttribute('href', /\.OpenSimMotion\.mot\?access_token=/);
});
