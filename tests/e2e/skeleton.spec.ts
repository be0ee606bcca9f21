import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';
import type { Session, SessionsResponse } from '#shared/sessions/session';
import { SessionApi } from './pages/SessionApi.ts';
import { SkeletonViewerPage } from './pages/SkeletonViewerPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { seededWithJointData, skeletonPath } from './support/layout.ts';
import { logInAs } from './support/logIn.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

/** A seeded session of the logged-in user with a joint data file, found through the API the app itself uses. */
async function sessionWithJointData(page: Page, type: UserType): Promise<Session> {
  const token = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const response = await page.request.get(`/api/sessions?UserType=${type}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.ok()).toBe(true);
  const { sessions } = (await response.json()) as SessionsResponse;
  const session = seededWithJointData(sessions);
  if (!session) throw new Error(`the demo seed gives ${type} no session with a joint data file`);
  return session;
}

async function openViewer(page: Page, type: UserType): Promise<SkeletonViewerPage> {
  await logInAs(page, DEMO_ACCOUNTS[type]);
  const session = await sessionWithJointData(page, type);
  const viewer = new SkeletonViewerPage(page);
  await viewer.goto(type, session.SessionID, session.SubSessionID);
  return viewer;
}

async function expectReadyAndDrawn(viewer: SkeletonViewerPage): Promise<void> {
  await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
  expect(await viewer.hasWebglContext()).toBe(true);
  // A blank canvas is one colour; floor grid, skeleton and markers make many.
  await expect.poll(() => viewer.canvasColourCount()).toBeGreaterThan(20);
}

test('a clinician plays, pauses, scrubs and speeds up a walk, which ends back at the start', async ({ page }) => {
  // The walk plays to its end (up to its whole duration, 17.7 s, at the last step) after the steps before it.
  test.setTimeout(60_000);
  const viewer = await openViewer(page, 'clinician');
  await expectReadyAndDrawn(viewer);
  await expect(viewer.frame).toHaveText(/^Frame 1 of \d+$/);

  await viewer.play.click();
  await expect(viewer.status).toHaveText('Playing');
  await expect.poll(() => viewer.seconds()).toBeGreaterThan(0.3);
  await viewer.pause.click();
  await expect(viewer.status).toHaveText('Paused');
  const pausedAt = await viewer.frame.textContent();
  // Thirty frames move a playing walk on by half a second (15 recorded frames) at 60 Hz; a paused one stays.
  await viewer.animationFrames(30);
  expect(await viewer.frame.textContent()).toBe(pausedAt);

  // Scrubbing while paused stays paused; while playing, playback goes on from the scrubbed time.
  const duration = await viewer.duration();
  await viewer.scrubTo(0.5);
  await expect.poll(() => viewer.seconds()).toBeGreaterThan(duration * 0.4);
  await expect(viewer.status).toHaveText('Paused');
  await viewer.play.click();
  await viewer.scrubTo(0.2);
  await expect(viewer.status).toHaveText('Playing');
  const scrubbedTo = await viewer.seconds();
  expect(scrubbedTo).toBeLessThan(duration * 0.3);
  await expect.poll(() => viewer.seconds()).toBeGreaterThan(scrubbedTo + 0.2);

  await viewer.setSpeed(2);
  await expect(viewer.viewer.getByText('2×', { exact: true })).toBeVisible();
  await viewer.scrubTo(0.96);
  await expect(viewer.status).toHaveText('Ended: back at the start', { timeout: duration * 1000 });
  await expect(viewer.clock).toHaveText(/^0:00\.0 \//);
  await expect(viewer.play).toBeVisible();
});

test('frame steps, Start and the keyboard shortcuts', async ({ page }) => {
  const viewer = await openViewer(page, 'clinician');
  await expectReadyAndDrawn(viewer);
  await viewer.nextFrame.click();
  await viewer.nextFrame.click();
  await expect(viewer.frame).toHaveText(/^Frame 3 of/);
  await viewer.previousFrame.click();
  await expect(viewer.frame).toHaveText(/^Frame 2 of/);
  await viewer.start.click();
  await expect(viewer.frame).toHaveText(/^Frame 1 of/);

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(viewer.frame).toHaveText(/^Frame 2 of/);
  await page.keyboard.press('Space');
  await expect(viewer.status).toHaveText('Playing');
  await page.keyboard.press('Space');
  await expect(viewer.status).toHaveText('Paused');
  await page.keyboard.press('Home');
  await expect(viewer.clock).toHaveText(/^0:00\.0 \//);
});

test('the viewer goes full screen and back', async ({ page }) => {
  const viewer = await openViewer(page, 'clinician');
  await expectReadyAndDrawn(viewer);
  await viewer.fullScreen.click();
  await expect.poll(() => viewer.isFullScreen()).toBe(true);
  await expect(viewer.exitFullScreen).toBeVisible();
  await viewer.exitFullScreen.click();
  await expect.poll(() => viewer.isFullScreen()).toBe(false);
  await expect(viewer.fullScreen).toBeVisible();
});

test('the walker is framed from the first frame, and full screen enlarges it', async ({ page }) => {
  const viewer = await openViewer(page, 'clinician');
  await expectReadyAndDrawn(viewer);
  // Before Play or Follow: the figure stands in the middle of the stage and fills about half of its height.
  const first = await viewer.figureBounds();
  expect(first.height).toBeGreaterThan(0.4);
  expect((first.left + first.right) / 2).toBeGreaterThan(0.3);
  expect((first.left + first.right) / 2).toBeLessThan(0.7);
  expect(first.top).toBeGreaterThan(0);
  expect(first.bottom).toBeLessThan(1);

  const before = (await viewer.canvas.boundingBox())?.height ?? 0;
  await viewer.fullScreen.click();
  await expect.poll(() => viewer.isFullScreen()).toBe(true);
  await expect.poll(async () => (await viewer.canvas.boundingBox())?.height ?? 0).toBeGreaterThan(before * 1.2);
  // The same share of a taller canvas: the figure itself is drawn larger.
  await expect.poll(async () => (await viewer.figureBounds()).height).toBeGreaterThan(0.4);
});

test('a patient plays their own session', async ({ page }) => {
  const viewer = await openViewer(page, 'patient');
  await expectReadyAndDrawn(viewer);
  await viewer.play.click();
  await expect.poll(() => viewer.seconds()).toBeGreaterThan(0.2);
});

test('a corrupt joint data file shows the parser’s message, not a blank canvas', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const session = await sessionWithJointData(page, 'clinician');
  // On the context, not the page: the service worker fetches the file for the page, and only context routes see that.
  await page.context().route('**/Internal/download/sessionData/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"Steps":[{"Frames":[{"Timestamp":0,"Joint_',
    }),
  );
  const viewer = new SkeletonViewerPage(page);
  await viewer.goto('clinician', session.SessionID, session.SubSessionID);
  await expect(viewer.message).toHaveText('Joint data file is not valid JSON.');
  await expect(viewer.canvas).toHaveCount(0);
});

test('a session without a joint data file says so', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const viewer = new SkeletonViewerPage(page);
  await viewer.goto('clinician', 'no-such-session', 'no-such-recording');
  await expect(viewer.message).toHaveText('This session has no joint data file.');
});

test('a viewer opened from a link before any sync names the session, draws the recording’s own skeleton on the floor and goes on to the next sub-session', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Session N: an OpenCap TRC recording (kept as the original, its 50-odd markers drawn), then a joint data file.
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  const number = sessionNumberBase('skeleton');
  await api.addSession(number, olivia.id, amelia.id, fixture('formats/opencap-walk.trc'));
  await api.addSession(number, olivia.id, amelia.id, fixture('sessions/walk-joint-data.json'), undefined, 2);
  const [first, second] = (await api.sessions())
    .filter((s) => s.SessionNumber === number)
    .sort((a, b) => a.SubSessionNumber - b.SubSessionNumber);
  if (!first || !second) throw new Error('the two sub-sessions were not added');

  // A fresh tab whose lists never sync: the viewer has only the link.
  const context = await browser.newContext();
  await context.route(/\/api\/(sessions|patients|clinicians|clinics)\?/, (route) => route.abort());
  await SkeletonViewerPage.watchScenes(context);
  const tab = await context.newPage();
  await logInAs(tab, DEMO_ACCOUNTS.admin);
  await tab.goto(skeletonPath('admin', first));
  const viewer = new SkeletonViewerPage(tab);
  const main = tab.getByRole('main');
  await expect(main.getByText(`Olivia Bennett · 10-Metre Walk Test · session ${String(number)}.1`)).toBeVisible();
  await expect(viewer.status).toHaveText('Ready', { timeout: 30_000 });
  await expect(viewer.viewer.getByText(/^Drawn as recorded: OpenCap TRC markers, \d\d+ markers\.$/)).toBeVisible();

  // The feet stand on the floor: the lowest joint is on it, not under it (a joint sphere's radius is 0.032).
  await viewer.animationFrames(5);
  // The scene is made a moment after 'Ready' on a busy machine: wait for it rather than read it too soon.
  await expect.poll(() => viewer.sceneState(), { timeout: 10_000 }).not.toBeNull();
  const { floor, lowest } = (await viewer.sceneState()) ?? { floor: Number.NaN, lowest: Number.NaN };
  expect(lowest - floor).toBeGreaterThan(-0.05);
  expect(lowest - floor).toBeLessThan(0.2);

  // Next goes through the recording's walks, then to the next sub-session of the session.
  for (let press = 0; press < 10 && !tab.url().endsWith(second.SubSessionID); press++) {
    await viewer.next.click();
    await tab.waitForTimeout(200);
  }
  await expect(tab).toHaveURL(skeletonPath('admin', second));
  await expect(main.getByText(`Olivia Bennett · 10-Metre Walk Test · session ${String(number)}.2`)).toBeVisible();
  await expect(viewer.status).toHaveText('Ready', { timeout: 30_000 });
  await context.close();
});
