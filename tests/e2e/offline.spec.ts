import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MESSAGES } from '#shared/messages';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SessionsResponse } from '#shared/sessions/session';
import { LoginPage } from './pages/LoginPage.ts';
import { OfflineStoragePage } from './pages/OfflineStoragePage.ts';
import { PatientsPage } from './pages/PatientsPage.ts';
import { SessionApi } from './pages/SessionApi.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { SkeletonViewerPage } from './pages/SkeletonViewerPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { seededWithJointData } from './support/layout.ts';
import { logInAs } from './support/logIn.ts';
import { clinicianSessionsOnline, controlledByServiceWorker, goOffline, goOnline } from './support/offline.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';
import { AppChrome } from './pages/AppChrome.ts';

// The service worker seals its copy of a file after the response has streamed to the page; on a loaded machine
// that write lands seconds after the viewer is ready.
const KEPT_COPY_WAIT_MS = 20_000;
const fixture = (name: string) => new URL(`../fixtures/sessions/${name}`, import.meta.url).pathname;

/** Session {number}.1 of Olivia Bennett with joint data and the unblurred walk.mp4, added through the API. */
async function addSessionWithVideo(page: Page, request: APIRequestContext, number: number): Promise<void> {
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  const token = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const fileUploadId = `${String(Date.now())}${String(number)}`;
  const send = async (name: string, fileName: string, contentType: string, extra: Record<string, string> = {}) => {
    const sent = await request.post('/api/addSession/sendFile', {
      params: { UserType: 'admin', FileUploadID: fileUploadId, FileName: fileName, ...extra },
      headers: { ...headers, 'Content-Type': contentType, 'Idempotency-Key': randomUUID() },
      data: readFileSync(fixture(name)),
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  };
  await send('walk-joint-data.json', 'joints.json', 'application/json');
  await send('walk.mp4', 'walk.mp4', 'video/mp4', { VideoKind: 'Unblurred' });
  const added = await request.post('/api/addSession', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      UserType: 'admin',
      SessionNumber: number,
      SubSessionNumber: 1,
      UniquePatientID: olivia.id,
      ClinicianID: amelia.id,
      TestID: 'T01',
      DateTime: new Date().toISOString(),
      FileUploadID: fileUploadId,
      FileUploadTypeOptions: 'SharedFormatJointsOnly',
      VideoUploadTypeOptions: 'Unblurred',
      AppendToExistingSessionIfFound: false,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

/** The admin keeps session {number}.1 offline from the session browser's row. */
async function keepOffline(page: Page, number: number): Promise<SessionsPage> {
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  const row = sessions.row(number);
  await sessions.choose(row, 'Keep offline');
  const dialog = page.getByRole('dialog', { name: 'Keep offline' });
  // The joint data, the gait metrics file computed from it at upload, and the video.
  await expect(dialog.getByRole('status')).toHaveText('Kept offline: 3 files.', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  return sessions;
}

/** Online, with the service worker in control: the demo clinician opens a seeded walk in the skeleton viewer. */
async function openSeededWalkOnline(page: Page): Promise<SkeletonViewerPage> {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  await controlledByServiceWorker(page);
  const token = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const answer = await page.request.get('/api/sessions?UserType=clinician', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  const session = seededWithJointData(((await answer.json()) as SessionsResponse).sessions);
  if (!session) throw new Error('the demo seed gives the clinician no session with joint data');
  const viewer = new SkeletonViewerPage(page);
  await viewer.goto('clinician', session.SessionID, session.SubSessionID);
  await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
  return viewer;
}

test('after one online visit the app opens offline: login page, home and the lists from the mirror', async ({
  page,
  context,
}) => {
  const login = new LoginPage(page, 'clinician');
  await login.goto();
  await controlledByServiceWorker(page);
  const home = await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  const sessionNumber = page.getByRole('rowheader', { name: /^\d+\.\d+$/ });
  await expect(sessionNumber.first()).toBeVisible();
  const patients = new PatientsPage(page, 'clinician');
  await patients.goto();
  await expect(patients.rows().first()).toBeVisible();

  await goOffline(context);
  await page.reload();
  await patients.searchFor('GP-1001');
  await expect(patients.rows()).toHaveCount(1);
  // The session browser filters offline too: only session 1.x rows remain for a session-number range of 1 to 1.
  await sessions.goto();
  await expect(sessionNumber.first()).toBeVisible();
  await sessions.openFilters();
  await sessions.setRange('session number', 1, 1);
  await expect(sessions.rows().first()).toHaveAccessibleName(/^1\.\d+ /);
  await expect(sessions.rows().filter({ hasNot: page.getByRole('rowheader', { name: /^1\.\d+$/ }) })).toHaveCount(0);
  await page.goto(home.path);
  await expect(home.heading).toBeVisible();

  // A logged-out visitor offline still gets the login screen from the precached shell.
  await page.evaluate(() => sessionStorage.clear());
  await login.goto();
  await expect(login.form).toBeVisible();
});

test('a session opened once in the skeleton viewer plays offline', async ({ page, context }) => {
  const viewer = await openSeededWalkOnline(page);
  // The service worker keeps the joint data and the gait metrics file as they stream past; the viewer may be ready
  // (it no longer runs the gait engine) before the sealed copies are written.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept: string[] = [];
          for (const name of (await caches.keys()).filter((cache) => cache.startsWith('session-files-'))) {
            for (const request of await (await caches.open(name)).keys()) kept.push(request.url);
          }
          return ['MainStorageFormat_JointData', 'MainStorageFormat_SessionMetrics'].filter((file) =>
            kept.some((url) => url.includes(file)),
          );
        }),
      { timeout: KEPT_COPY_WAIT_MS },
    )
    .toHaveLength(2);

  await goOffline(context);
  await page.reload();
  await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
  await viewer.play.click();
  await expect(viewer.status).toHaveText('Playing');
  await expect.poll(() => viewer.seconds()).toBeGreaterThan(0.2);
});

test('offline, a kept walk without its gait metrics file still gets its gait events from the precached engine', async ({
  page,
  context,
}) => {
  const viewer = await openSeededWalkOnline(page);
  // Online the viewer draws the stored metrics file's events, so the gait engine's chunk was never fetched. With the
  // kept metrics file gone (a copy kept by a release before it was stored), the worker must load the engine offline:
  // only the service worker's precache can answer it.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const name of (await caches.keys()).filter((cache) => cache.startsWith('session-files-'))) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              if (request.url.includes('MainStorageFormat_SessionMetrics')) return cache.delete(request);
            }
          }
          return false;
        }),
      { timeout: KEPT_COPY_WAIT_MS },
    )
    .toBe(true);

  await goOffline(context);
  await page.reload();
  await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
  await expect(viewer.viewer.getByText(/^No gait events for this walk/)).toHaveCount(0);
  await viewer.play.click();
  await expect(viewer.status).toHaveText('Playing');
});

test("an imported session kept offline plays its recording's own skeleton offline", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  await controlledByServiceWorker(page);
  const api = await SessionApi.of(page, request);
  const number = sessionNumberBase('offline');
  const { olivia, amelia } = await api.demoPatientAndClinician();
  await api.addSession(
    number,
    olivia.id,
    amelia.id,
    new URL('../fixtures/formats/opencap-walk.trc', import.meta.url).pathname,
  );
  // The joint data, the original TRC it was converted from, and the gait metrics file computed at upload.
  const sessions = await keepOffline(page, number);
  const row = sessions.row(number);

  await goOffline(context);
  await sessions.skeletonLink(row).click();
  const viewer = new SkeletonViewerPage(page);
  await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
  await expect(viewer.viewer.getByText(/OpenCap TRC markers, \d\d+ markers/)).toBeVisible();
  await goOnline(context);
});

test('a video kept offline seeks offline, and the storage panel lists and removes kept files', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const number = 9000 + Math.floor(Math.random() * 900);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  await controlledByServiceWorker(page);
  await addSessionWithVideo(page, request, number);
  const sessions = await keepOffline(page, number);

  const storage = new OfflineStoragePage(page, 'admin');
  await storage.goto();
  await expect(storage.heading).toBeVisible();
  await expect(storage.rows()).toHaveCount(3);
  await expect(storage.row('Video')).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expect(storage.row('Joint data')).toContainText(`Session ${String(number)}.1 of`);
  await expect(storage.row('Gait metrics')).toContainText(`Session ${String(number)}.1 of`);
  await expect(storage.fact('Kept files')).toHaveText(/^3 \(/);
  await expect(storage.fact('Persistent storage')).not.toBeEmpty();

  await goOffline(context);
  await sessions.goto();
  await sessions.choose(sessions.row(number), 'Video');
  const video = page.getByRole('dialog', { name: 'Video Player' }).locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<{ time: number; readyState: number }>((resolve, reject) => {
        v.addEventListener('seeked', () => resolve({ time: v.currentTime, readyState: v.readyState }), { once: true });
        v.addEventListener('error', () => reject(new Error(`video error ${String(v.error?.code)}`)), { once: true });
        v.currentTime = Math.min(1, v.duration / 2);
      }),
  );
  expect(seeked.time).toBeGreaterThan(0);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);

  // Back on the panel (offline too): removing one file leaves the others.
  await storage.goto();
  await storage.remove(storage.row('Joint data')).click();
  await expect(storage.rows()).toHaveCount(2);
  await expect(storage.row('Video')).toBeVisible();
  await storage.removeAll.click();
  await expect(storage.table).toContainText('No files are kept offline.');

  // Kept again, then logging out (even offline) takes the files off the device.
  await goOnline(context);
  await keepOffline(page, number);
  const fileCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('session-files-')).length);
  expect(await fileCaches()).toBe(1);
  await goOffline(context);
  await new AppChrome(page).logout.click();
  await expect(page).toHaveURL('/login');
  await expect.poll(fileCaches).toBe(0);
});

test('offline, a home page shows the details the device kept, or says plainly that they need the network', async ({
  page,
  context,
}) => {
  await new LoginPage(page, 'patient').goto();
  await controlledByServiceWorker(page);
  const home = await logInAs(page, DEMO_ACCOUNTS.patient);
  await goOffline(context);
  await page.reload();
  await expect(home.detail('Olivia Bennett')).toBeVisible();
  await expect(home.detail('olivia.bennett0@patient.example')).toBeVisible();
  await expect(
    page.getByRole('main').getByText(/^You are offline: these details are as this device kept them on /),
  ).toBeVisible();
  await expect(page.getByText(MESSAGES.someError)).toHaveCount(0);

  // Without a kept copy (removed here beside the app), the page says what needs the network.
  await page.evaluate(async () => {
    const name = `gait-portal-patient-${String(sessionStorage.getItem('id'))}`;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    await new Promise<void>((resolve) => {
      const clear = db.transaction('kept', 'readwrite').objectStore('kept').clear();
      clear.onsuccess = () => resolve();
    });
    db.close();
  });
  await page.reload();
  await expect(home.heading).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(
        'You are offline, and your details are not kept on this device yet: they show here once you have been online.',
      ),
  ).toBeVisible();
  await expect(page.getByText(MESSAGES.someError)).toHaveCount(0);
});

test('a report offline on a session not kept says its data is not here, and keeps it once back online', async ({
  page,
  context,
}) => {
  const { sessions, playable } = await clinicianSessionsOnline(page);
  const row = playable.last();
  const name = await sessions.rowName(row);
  const [number = '', ...patient] = name.split(' ');
  const target = sessions.table.getByRole('row', { name, exact: true });

  await goOffline(context);
  await sessions.choose(target, 'Report');
  const notHere = page.getByRole('dialog', { name: 'Not on this device' });
  await expect(notHere).toContainText(
    `You are offline, and the data of session ${number} of ${patient.join(' ')} is not kept on this device, so its report cannot be made now.`,
  );
  await expect(page.getByText(/Insufficient data/)).toHaveCount(0);
  await notHere.getByRole('button', { name: 'Keep when back online' }).click();
  await expect(notHere.getByRole('status')).toHaveText(/^It will be kept on this device when the network returns/);
  await notHere.getByRole('button', { name: 'Close' }).click();

  await goOnline(context);
  await expect(new AppChrome(page).alert(`Session ${number} of`)).toContainText('is now kept on this device', {
    timeout: 20_000,
  });
  const storage = new OfflineStoragePage(page, 'clinician');
  await storage.goto();
  await expect(storage.row('Joint data')).toContainText(`Session ${number}`);

  // Offline again, the report of the kept session can be made on the device: its options open.
  await goOffline(context);
  await sessions.goto();
  await sessions.choose(target, 'Report');
  await expect(page.getByRole('dialog', { name: 'Create Single Session Report' })).toBeVisible();
});

test('a new release shows Update available and reloads only when the user presses Reload', async ({ page }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.clinic);
  await controlledByServiceWorker(page);
  await page.evaluate(() => {
    (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
  });
  // A "new release": Chromium compares sw.js bytes in the browser process, out of reach of route(); a worker under a
  // changed script address installs beside the running one and waits, exactly as a redeployed sw.js does.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?release=next');
  });
  const prompt = page.getByRole('status', { name: 'Update available' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  // Never by itself: the new worker waits (a worker that skipped waiting would be activating or active by now, its
  // 'controlling' event reloading the page), the old one still controls the page, and the page is still the same one.
  const workers = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: registration?.waiting?.state,
      controller: navigator.serviceWorker.controller?.scriptURL,
      samePage: (window as Window & { beforeUpdate?: boolean }).beforeUpdate,
    };
  });
  expect(workers).toEqual({ waiting: 'installed', controller: expect.stringMatching(/\/sw\.js$/), samePage: true });

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate === undefined);
  await expect(home.heading).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/sw\.js\?release=next$/);
});

test('the service worker, the shell and the manifest are revalidated on every load; the manifest makes it installable', async ({
  request,
}) => {
  for (const path of ['/sw.js', '/index.html', '/login', '/manifest.webmanifest']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['cache-control'], path).toBe('no-cache');
  }
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    id: string;
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; form_factor: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Gait Portal',
    display: 'standalone',
    start_url: '/login',
    theme_color: '#0b5c7a',
  });
  expect(manifest.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
    '180x180',
  ]);
  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    const png = await request.get(image.src);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body()), image.src).toBe(image.sizes);
  }
  expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  expect(manifest.shortcuts.map((s) => s.name)).toEqual(['Sessions', 'Patients', 'Offline Storage']);
});

/** A PNG's width×height from its IHDR chunk. */
const pngSize = (png: Buffer) => `${String(png.readUInt32BE(16))}x${String(png.readUInt32BE(20))}`;

test('on iOS the app installs with its own icon, name and status bar, and its shortcuts lead to each role’s page', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
  expect(html).toContain('<meta name="apple-mobile-web-app-title" content="Gait Portal" />');
  expect(html).toContain('<meta name="apple-mobile-web-app-status-bar-style" content="default" />');
  const icon = await request.get('/apple-touch-icon.png');
  expect(pngSize(await icon.body())).toBe('180x180');

  // A shortcut opened before logging in goes through the login and on to the page.
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsessions$/);
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  for (const [shortcut, landing] of [
    ['/sessions', '/clinician/sessions'],
    ['/patients', '/clinician/patients'],
    ['/offline', '/clinician/offline'],
  ] as const) {
    await page.goto(shortcut);
    await expect(page).toHaveURL(landing);
  }
});
