import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { AppChrome } from './pages/AppChrome.ts';
import { SessionApi } from './pages/SessionApi.ts';
import {
  AddSessionDialog,
  SessionFilesDialog,
  TextViewerDialog,
  UploadSessionFileDialog,
} from './pages/SessionDialogs.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

/** Each drawn row with the one after it. */
const pairs = (rows: readonly string[]) => rows.slice(0, -1).map((row, i) => [row, rows[i + 1] ?? ''] as const);

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/sessions/${name}`, import.meta.url));
const JOINT_DATA = fixture('walk-joint-data.json');
const JOINT_DATA_RETAKE = fixture('walk-joint-data-retake.json');
const VIDEO = fixture('walk.mp4');

// Session numbers of this run, clear of any other spec's sessions on the shared test server.
const base = sessionNumberBase('sessions');

test('the admin adds a session with files, views and replaces them, and downloads two sessions as a zip', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await expect(sessions.heading).toBeVisible();

  // Add Session: numbers, test, patient, clinician, today's date at the time it was recorded, a joint data file
  // and a video.
  await sessions.addSession.click();
  const add = new AddSessionDialog(page);
  await add.setTime('07', '45');
  await add.describeWalk(base, olivia.name, amelia.name);
  await expect(add.linkToExisting()).toBeChecked();
  await add.addFiles([JOINT_DATA, VIDEO]);
  await expect(add.dialog).toContainText('File upload type: Joint data only. Video upload type: Unblurred video.');
  await add.addButton.click();
  await expect(chrome.alert('Session is successfully added')).toBeVisible();
  await expect(add.dialog).toBeHidden();

  const row = sessions.row(base);
  await expect(row).toContainText(olivia.name);
  await expect(row).toContainText(/\d\d\/\d\d\/\d{4} 07:45/);
  await expect(row).toContainText('10-Metre Walk Test');
  await expect(row).toContainText('Riverside Gait Laboratory');
  await expect(sessions.skeletonLink(row)).toHaveAttribute('href', /^\/admin\/sessions\/viewskeleton\/[^/]+\/[^/]+$/);

  // The files dialog: joint data and the unblurred video are stored, no blurred video.
  await sessions.choose(row, 'Files');
  const files = new SessionFilesDialog(page);
  await expect(files.file('Joint Data File')).toContainText('Available');
  await expect(files.file('Unblurred Video')).toContainText('Available');
  await expect(files.file('Blurred Video')).toContainText('Not Found');
  await expect(files.download('Unblurred Video')).toHaveAttribute('href', /SessionVideoFile_MP4\.mp4\?access_token=/);

  // The text viewer shows the joint data file.
  const original = readFileSync(JOINT_DATA, 'utf8');
  await files.view('Joint Data File').click();
  const viewer = new TextViewerDialog(page);
  await expect(viewer.text).toContainText(original.slice(0, 60));
  // The file is minified JSON on one line: its rows end after a separator, never inside a number.
  for (const [row, next] of pairs(await viewer.rows()))
    expect(`${row.at(-1) ?? ''}${next[0] ?? ''}`).not.toMatch(/^[\d.-][\d.]$/);
  await viewer.close().click();

  // Replacing the joint data asks 'Overwrite Files' first.
  await files.upload('Joint Data File').click();
  const upload = new UploadSessionFileDialog(page);
  await upload.chooseFile(JOINT_DATA_RETAKE);
  await upload.uploadButton().click();
  await expect(upload.overwrite).toBeVisible();
  await expect(upload.overwrite).toContainText('Joint Data File');
  await upload.overwrite.getByRole('button', { name: 'Overwrite' }).click();
  await expect(chrome.alert('Session file is successfully uploaded')).toBeVisible();
  await expect(upload.dialog).toBeHidden();
  await files.view('Joint Data File').click();
  await expect(viewer.text).toContainText(readFileSync(JOINT_DATA_RETAKE, 'utf8').slice(0, 60));
  await viewer.close().click();
  await files.close().click();

  // The video plays from the stored file.
  await sessions.choose(row, 'Video');
  const player = page.getByRole('dialog', { name: 'Video Player' });
  const video = player.locator('video');
  await expect(video).toHaveAttribute('crossorigin', 'anonymous');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await player.getByRole('button', { name: 'Close' }).click();

  // A second session, then both as one zip.
  await api.addSession(base + 1, olivia.id, amelia.id, JOINT_DATA);
  // Coming back to the list syncs it, as a colleague's session would arrive.
  await page.reload();
  const second = sessions.row(base + 1);
  await expect(second).toBeVisible();
  await sessions.select(row);
  await sessions.select(second);
  await expect(sessions.selectionCount).toHaveText('2 sessions selected');
  await expect(sessions.singleReport).toBeDisabled();
  await expect(sessions.multiReport).toBeEnabled();
  await sessions.downloadSelected.click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await saved;
  // Named by the patient's given id and the session numbers, never by UUID, with an index.csv.
  expect(download.suggestedFilename()).toBe('GP-1001_files.zip');
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const names = Object.keys(zip);
  for (const n of [base, base + 1]) expect(names).toContain(`GP-1001_session-${String(n)}.1_joints.json`);
  expect(names).toContain(`GP-1001_session-${String(base)}.1_video.mp4`);
  expect(names.join(' ')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(new TextDecoder().decode(zip[`GP-1001_session-${String(base)}.1_joints.json`])).toBe(
    readFileSync(JOINT_DATA_RETAKE, 'utf8'),
  );
  const index = new TextDecoder().decode(zip['index.csv']).split('\r\n');
  expect(index[0]).toBe('patient_id,session,sub_session,date_time,test,file');
  expect(index).toContainEqual(
    expect.stringMatching(`^GP-1001,${String(base)},1,.*,GP-1001_session-${String(base)}\\.1_video\\.mp4$`),
  );
});

test("a file's own problem reaches the admin in the server's words", async ({ page }, testInfo) => {
  // Timestamps in milliseconds a thousand times too small: a frame rate no sensor has.
  const frame = (i: number) => ({ Timestamp: i * 0.01, Joint_Positions: Array.from({ length: 60 }, () => 0.5) });
  const file = testInfo.outputPath('too-fast-joint-data.json');
  writeFileSync(file, JSON.stringify({ Steps: [{ Frames: [0, 1, 2, 3].map(frame) }] }));
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, page.request);
  const olivia = await api.patient('GP-1001');
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await sessions.addSession.click();
  const add = new AddSessionDialog(page);
  await add.field('Session Number').fill(String(base + 7));
  await add.choose('Test', '10-Metre Walk Test');
  await add.choose('Patient', olivia.name);
  await add.chooseClinician('Amelia Hart');
  await add.addFiles([file]);
  await add.addButton.click();
  await expect(add.dialog.getByRole('alert')).toHaveText(
    /^Error: Step 1 has a frame rate of 1\.00e\+5 Hz; 5–1000 Hz is expected \(Timestamp counts milliseconds\)\.$/,
    { timeout: 15_000 },
  );
  await expect(add.dialog).toBeVisible();
});

test.describe('an en-US admin adds a session (docs/spec.md §5)', () => {
  test.use({ locale: 'en-US' });

  test('tells same-named clinicians apart, and shows the date month-first as it was typed', async ({ page }) => {
    await logInAs(page, DEMO_ACCOUNTS.admin);
    const api = await SessionApi.of(page, page.request);
    const olivia = await api.patient('GP-1001');
    // Namesakes at two clinics, one with a login; the surname is this run's own, so a rerun meets no earlier pair.
    const surname = `Navarro${Date.now().toString(36)}`;
    await api.addClinician('Ines', surname, 'Riverside Gait Laboratory', surname.toLowerCase());
    await api.addClinician('Ines', surname, 'Stride Fitness Gym');
    const sessions = new SessionsPage(page, 'admin');
    await sessions.goto();
    await sessions.addSession.click();
    const add = new AddSessionDialog(page);
    await add.field('Session Number').fill(String(base + 8));
    await add.field('Sub Session Number').fill('1');
    await add.choose('Test', '10-Metre Walk Test');
    await add.choose('Patient', olivia.name);

    await add.dialog.getByRole('button', { name: /(^| )Clinician$/ }).click();
    const namesakes = page.getByRole('option', { name: new RegExp(`^Ines ${surname} `) });
    await expect(namesakes).toHaveText([
      `Ines ${surname} — Riverside Gait Laboratory (${surname.toLowerCase()})`,
      `Ines ${surname} — Stride Fitness Gym`,
    ]);
    await page.getByRole('option', { name: `Ines ${surname} — Stride Fitness Gym`, exact: true }).click();

    // 1 December, typed month-first as en-US forms take it, reads back month-first in the list.
    await add.dialog.getByRole('group', { name: 'Date' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('12012026');
    await add.setTime('10', '30');
    await add.addButton.click();
    await expect(new AppChrome(page).alert('Session is successfully added')).toBeVisible();
    const row = sessions.row(base + 8);
    await expect(row).toContainText(`Ines ${surname}`);
    await expect(row).toContainText('12/01/2026 10:30');
  });
});

test.describe('a clinician browses sessions', () => {
  const numbers = { first: base + 10, second: base + 11, other: base + 12, unblurred: base + 13 };
  let olivia = { id: '', name: '' };

  test.beforeAll(async ({ browser, request }) => {
    const page = await browser.newPage();
    await logInAs(page, DEMO_ACCOUNTS.admin);
    const api = await SessionApi.of(page, request);
    olivia = await api.patient('GP-1001');
    const otherPatient = await api.patient('GP-1005');
    const amelia = await api.clinician('Amelia', 'Hart');
    await api.addSession(numbers.first, olivia.id, amelia.id, JOINT_DATA);
    await api.addSession(numbers.second, olivia.id, amelia.id);
    await api.addSession(numbers.other, otherPatient.id, amelia.id, JOINT_DATA);
    await api.addSession(numbers.unblurred, olivia.id, amelia.id, JOINT_DATA, VIDEO);
    await page.close();
  });

  test('the Video button says why a clinician may not watch the only, unblurred, video', async ({ page }) => {
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const sessions = new SessionsPage(page, 'clinician');
    await sessions.goto();
    const video = await sessions.action(sessions.row(numbers.unblurred), 'Video');
    await expect(video).toHaveAccessibleName(/Only the unblurred video exists, and your account may not watch/);
    // Chosen anyway (it stays usable), it says why instead of opening a player with nothing to play.
    await video.focus();
    await page.keyboard.press('Enter');
    await expect(new AppChrome(page).alert('Only the unblurred video exists')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Video Player' })).toHaveCount(0);
    // A session without any video keeps a plainly disabled item.
    await expect(await sessions.action(sessions.row(numbers.first), 'Video')).toBeDisabled();
  });

  test('Escape closes the patient picker and keeps the patients chosen', async ({ page }) => {
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const sessions = new SessionsPage(page, 'clinician');
    await sessions.goto();
    await sessions.openFilters();
    await sessions.choosePatient('GP-1001', olivia.name);
    await expect(sessions.patientChips()).toContainText(olivia.name);
    // Open the list again and press Escape on a ticked patient, as a keyboard user closing it would.
    await page.getByRole('button', { name: /^Patients / }).click();
    await page.getByRole('treegrid', { name: 'Patients' }).getByRole('row').first().focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('treegrid', { name: 'Patients' })).toBeHidden();
    await expect(sessions.patientChips()).toContainText(olivia.name);
    await expect(sessions.filtersToggle).toHaveText('Filters (1)');
  });

  test('filters by patient and session-number range', async ({ page }) => {
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const sessions = new SessionsPage(page, 'clinician');
    await sessions.goto();
    await expect(sessions.row(numbers.other)).toBeVisible();
    // Clinicians have skeleton and video buttons, but not the admin's files dialog or downloads.
    await expect(sessions.skeletonLink(sessions.row(numbers.first))).toBeVisible();
    const menu = await sessions.action(sessions.row(numbers.first), 'Video');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Files' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // A session without data cannot be chosen for a report.
    await expect(sessions.row(numbers.second).getByRole('checkbox')).toBeDisabled();
    await expect(await sessions.action(sessions.row(numbers.second), 'Report')).toBeDisabled();
    await page.keyboard.press('Escape');

    await sessions.openFilters();
    await sessions.choosePatient('GP-1001', olivia.name);
    await expect(sessions.filtersToggle).toHaveText('Filters (1)');
    await expect(sessions.row(numbers.first)).toBeVisible();
    await expect(sessions.row(numbers.other)).toHaveCount(0);
    for (const row of await sessions.rows().all()) await expect(row).toContainText('(GP-1001)');

    await sessions.setRange('session number', numbers.second, numbers.second);
    await expect(sessions.filtersToggle).toHaveText('Filters (2)');
    await expect(sessions.rows()).toHaveCount(1);
    await expect(sessions.row(numbers.second)).toBeVisible();

    await page.getByText('Show sessions without data to generate a report from').click();
    await expect(sessions.emptyText('No Data Matching Filter Found.')).toBeVisible();
    await sessions.clearFilters();
    await expect(sessions.filtersToggle).toHaveText('Filters');
    await expect(sessions.row(numbers.other)).toBeVisible();
  });

  test('?patient= preselects the patient filter', async ({ page }) => {
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const sessions = new SessionsPage(page, 'clinician');
    await sessions.goto(`?patient=${olivia.id}`);
    await expect(sessions.filtersToggle).toHaveText('Filters (1)');
    // The panel starts closed, so the patient's sessions are what the page shows first; opened, it names the patient.
    await expect(sessions.filtersToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sessions.row(numbers.first)).toBeVisible();
    await expect(sessions.row(numbers.other)).toHaveCount(0);
    await sessions.openFilters();
    await expect(sessions.patientChips()).toContainText(olivia.name);
  });
});
