import { expect, test, type Page } from '@playwright/test';
import { HomePage } from './pages/HomePage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { OutboxPage, PatientApi, type PatientRecord } from './pages/OutboxPage.ts';
import { PatientDialog } from './pages/PatientDialog.ts';
import { PatientsPage } from './pages/PatientsPage.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { SkeletonViewerPage } from './pages/SkeletonViewerPage.ts';
import { ChooseLoginPage } from './pages/ChooseLoginPage.ts';
import { AppChrome } from './pages/AppChrome.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { sessionWithJointData, skeletonPath } from './support/layout.ts';
import { advanceServerClock, SERVER_CLOCK_TAG } from './support/serverClock.ts';
import { EXPIRY_IDLE_SECONDS, EXPIRY_SERVER } from './support/servers.ts';
import {
  clinicianSessionsOnline,
  controlledByServiceWorker,
  expectNothingReadable,
  goOffline,
  goOnline,
  launchApp,
  newProfile,
} from './support/offline.ts';

// An installed app that iOS closed on the ward opens again offline: the user unlocks what the device keeps for them
// with their password (an encrypted vault), works, and what they changed reaches the server once they are back.

// What the clinician's data and a kept recording say in the clear; none of it may be readable on the device.
const CLINICIAN_DATA = ['Olivia', 'Bennett', 'GP-1001', 'Amelia', 'olivia.bennett', '"Joint_Positions"'];

/** A patient of the clinician's own, added through the API, so no other spec's edit can meet this one's. */
async function addOwnPatient(page: Page, server?: string): Promise<PatientRecord> {
  const token = await page.evaluate(() => sessionStorage.getItem('access_token') ?? '');
  const surname = `Ward${String(Date.now()).slice(-7)}`;
  return new PatientApi(page.context().request, token, 'clinician', server).add(`WD-${surname}`, surname);
}

/**
 * Online: the clinician logs in, adds a patient of this test's own, keeps a session offline and opens the lists
 * once. Returns the kept row's name and the patient.
 */
async function workOnline(page: Page): Promise<{ keptRow: string; patient: PatientRecord }> {
  const { sessions, playable } = await clinicianSessionsOnline(page);
  const patient = await addOwnPatient(page);
  const row = playable.first();
  const name = await sessions.rowName(row);
  await sessions.choose(row, 'Keep offline');
  const dialog = page.getByRole('dialog', { name: 'Keep offline' });
  await expect(dialog.getByRole('status')).toHaveText(/^Kept offline: \d+ files?\.$/, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  const patients = new PatientsPage(page, 'clinician');
  await patients.goto();
  await expect(patients.rows().first()).toBeVisible();
  return { keptRow: name, patient };
}

async function logInFromTheChooser(page: Page, password?: string): Promise<LoginPage> {
  const chooser = new ChooseLoginPage(page);
  await chooser.choose('Clinician');
  await chooser.goToLogin.click();
  const login = new LoginPage(page, 'clinician');
  await login.logIn(DEMO_ACCOUNTS.clinician.username, password);
  return login;
}

test('closed on the ward, the app reopens offline: unlock, browse, play, edit, and the edit is applied once online', async () => {
  test.setTimeout(120_000);
  const profile = newProfile();
  const first = await launchApp(profile);
  const { keptRow, patient } = await workOnline(first.page);
  const givenId = String(patient.GivenPatientID);
  await first.context.close();

  // iOS closed the app; it is opened again with no network. Session storage is gone: no login, no key.
  const { context, page } = await launchApp(profile);
  await goOffline(context);
  await page.goto('/clinician/home');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logInFromTheChooser(page);
  const home = new HomePage(page, 'clinician');
  await expect(home.heading).toBeVisible();
  await expect(home.detail('Amelia Hart')).toBeVisible();
  await expect(page.getByText(/^You are offline: these details are as this device kept them on /)).toBeVisible();

  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  await expect(sessions.rows().first()).toBeVisible();
  const patients = new PatientsPage(page, 'clinician');
  await patients.goto();
  await patients.searchFor('GP-1001');
  await expect(patients.rows()).toHaveCount(1);

  // The kept session plays from its sealed copy.
  await sessions.goto();
  await sessions.skeletonLink(sessions.table.getByRole('row', { name: keptRow, exact: true })).click();
  const viewer = new SkeletonViewerPage(page);
  await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
  await viewer.play.click();
  await expect.poll(() => viewer.seconds()).toBeGreaterThan(0.2);

  // An edit made now waits in the outbox.
  const notes = `Seen on the ward, offline, ${String(Date.now())}`;
  await patients.goto();
  await patients.searchFor(givenId);
  await patients.edit(`Outbox ${String(patient.Surname)}`).click();
  const edit = new PatientDialog(page, 'Edit Patient');
  await edit.fill({ 'User Notes': notes });
  await edit.button('Update').click();
  await expect(new AppChrome(page).alert('Saved on this device')).toBeVisible();
  const outbox = new OutboxPage(page, 'clinician');
  await expect(outbox.unsentLink(1)).toBeVisible();

  // Back online: the token the vault kept is the server's, and the queued edit goes once.
  await goOnline(context);
  await expect(outbox.unsentLink()).toBeHidden({ timeout: 20_000 });
  const api = new PatientApi(context.request, await outbox.accessToken(), 'clinician');
  const edited = await api.get(patient.UniquePatientID);
  expect(edited.Notes).toBe(notes);
  await outbox.fireOnline();
  await outbox.drained();
  expect((await api.get(patient.UniquePatientID)).DateModified).toBe(edited.DateModified);
  await context.close();
});

test('another user of the same tablet cannot open or read what the device keeps for the clinician', async () => {
  test.setTimeout(90_000);
  const profile = newProfile();
  const first = await launchApp(profile);
  await workOnline(first.page);
  await first.context.close();

  const { context, page } = await launchApp(profile);
  await goOffline(context);
  await page.goto('/login');
  // Not with another password,
  const login = await logInFromTheChooser(page, 'Guessed-Password-1');
  await expect(login.form).toHaveAccessibleDescription(/This password does not open what this device keeps/);
  await expect(page).toHaveURL('/clinician/login');
  // not with another account,
  const patientLogin = new LoginPage(page, 'patient');
  await patientLogin.goto();
  await patientLogin.logIn(DEMO_ACCOUNTS.patient.username);
  await expect(patientLogin.form).toHaveAccessibleDescription(/Nothing of this account is kept on this device/);
  // and nothing on the device is readable without the password: records, unsent changes, kept recordings.
  await expectNothingReadable(page, CLINICIAN_DATA);

  // Another user logging in online gets their own vault; the clinician's stays sealed.
  await goOnline(context);
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  await expectNothingReadable(page, CLINICIAN_DATA);
  await context.close();
});

test.describe('a forced logout', { tag: SERVER_CLOCK_TAG }, () => {
  test.use({ baseURL: EXPIRY_SERVER });

  test('wipes the records and kept files but keeps the unsent edit sealed for the same user’s next login', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/clinician/login');
    await controlledByServiceWorker(page);
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const patient = await addOwnPatient(page, EXPIRY_SERVER);
    const givenId = String(patient.GivenPatientID);
    const patients = new PatientsPage(page, 'clinician');
    await patients.goto();
    await patients.searchFor(givenId);
    await expect(patients.rows()).toHaveCount(1);
    // Opening a session in the skeleton viewer keeps its joint data on the device, sealed.
    await page.goto(skeletonPath('clinician', await sessionWithJointData(page, 'clinician')));
    await expect(new SkeletonViewerPage(page).status).toHaveText('Ready', { timeout: 20_000 });
    await expect.poll(async () => (await storedOnDevice(page)).fileCaches).toBe(1);
    await patients.goto();
    await patients.searchFor(givenId);

    await goOffline(context);
    const notes = `Written before the token ran out, ${String(Date.now())}`;
    await patients.edit(`Outbox ${String(patient.Surname)}`).click();
    const edit = new PatientDialog(page, 'Edit Patient');
    await edit.fill({ 'User Notes': notes });
    await edit.button('Update').click();
    await expect(new AppChrome(page).alert('Saved on this device')).toBeVisible();
    // The server forgets tokens idle for longer than this.
    await advanceServerClock(EXPIRY_IDLE_SECONDS + 1);

    // Back online, the queued edit meets the dead token: a forced logout.
    await goOnline(context);
    await expect(page).toHaveURL(/\/login(\?|$)/, { timeout: 15_000 });
    expect(await storedOnDevice(page)).toEqual({ records: 0, kept: 0, outbox: 1, fileCaches: 0 });
    await expectNothingReadable(page, CLINICIAN_DATA);

    // Offline, the vault no longer opens: the token it kept is dead.
    await goOffline(context);
    const login = new LoginPage(page, 'clinician');
    await login.goto();
    await login.logIn(DEMO_ACCOUNTS.clinician.username);
    await expect(login.form).toHaveAccessibleDescription(/Your last login here has ended/);

    // Online, the same user logs in again and the sealed edit is sent.
    await goOnline(context);
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const outbox = new OutboxPage(page, 'clinician');
    const api = new PatientApi(context.request, await outbox.accessToken(), 'clinician', EXPIRY_SERVER);
    await expect.poll(async () => (await api.get(patient.UniquePatientID)).Notes, { timeout: 20_000 }).toBe(notes);
    await expect(outbox.unsentLink()).toBeHidden();
  });
});

/** How much of each kind the device holds for the logged-out clinician (read beside the app). */
async function storedOnDevice(page: Page) {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .find((db) => db.startsWith('gait-portal-clinician-'));
    if (!name) throw new Error('the clinician’s database is gone');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
    const counts = { records: await count('records'), kept: await count('kept'), outbox: await count('outbox') };
    db.close();
    const fileCaches = (await caches.keys()).filter((cache) => cache.startsWith('session-files-')).length;
    return { ...counts, fileCaches };
  });
}
