import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { SessionApi } from './pages/SessionApi.ts';
import { SessionFilesDialog } from './pages/SessionDialogs.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';
import { BLUR_SERVER } from './support/servers.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/sessions/${name}`, import.meta.url));
const AWAITS_REVIEW =
  'This video awaits review: a clinician or administrator must confirm its blurring before it can be played.';

// The one server with a blurring worker: the job really runs (ffmpeg on the 1.4 s walk.mp4).
test.use({ baseURL: BLUR_SERVER });

const base = sessionNumberBase('blurReview');

/** The clinician (no elevated access) opens the session's Video: what the player shows. */
async function clinicianPlayer(page: Page) {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  await (await sessions.action(sessions.row(base), 'Video')).click();
  return page.getByRole('dialog', { name: 'Video Player' });
}

test('an uploaded video is blurred, kept from the clinician until the admin confirms it side by side', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  await api.addSession(base, olivia.id, amelia.id, fixture('walk-joint-data.json'), fixture('walk.mp4'));

  // The admin's files dialog shows the job until it has blurred the video.
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await (await sessions.action(sessions.row(base), 'Files')).click();
  const files = new SessionFilesDialog(page);
  const blurring = files.dialog.getByRole('region', { name: 'Blurring' });
  await expect(blurring.getByRole('status')).toHaveText('Blurred: awaits review', { timeout: 60_000 });

  // Until it is reviewed the clinician, who may not watch the unblurred video, gets no video and the reason.
  const clinician = await browser.newPage();
  const refused = await clinicianPlayer(clinician);
  // The player first asks whether the clinician has elevated access, and only then asks for the video.
  await expect(refused.getByRole('alert')).toHaveText(AWAITS_REVIEW, { timeout: 30_000 });
  await expect(refused.locator('video')).toHaveCount(0);

  // The review: both videos side by side, one slider for both, and the decisions.
  await blurring.getByRole('button', { name: 'Review blurred video' }).click();
  const review = page.getByRole('dialog', { name: 'Review Blurred Video' });
  const original = review.getByLabel(`Original video of session ${String(base)}.1`);
  const blurred = review.getByLabel(`Blurred video of session ${String(base)}.1`);
  await expect(original).toBeVisible();
  await expect(blurred).toBeVisible();
  await expect
    .poll(() => blurred.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const slider = review.getByRole('slider', { name: 'Position (s)' });
  await slider.focus();
  await page.keyboard.press('End');
  const times = await Promise.all(
    [original, blurred].map((video) => video.evaluate((v: HTMLVideoElement) => v.currentTime)),
  );
  expect(times[0]).toBeGreaterThan(1);
  expect(times[1]).toBe(times[0]);
  for (const name of ['Reject', 'Release whole-frame blur', 'Confirm'])
    await expect(review.getByRole('button', { name })).toBeEnabled();
  await expect(review.getByRole('button', { name: 'Re-run with marked regions' })).toBeDisabled();
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(review).toBeHidden();
  await expect(blurring.getByRole('status')).toHaveText('Blurred and confirmed');

  // Confirmed, the blurred video plays for the clinician.
  await clinician.close();
  const again = await browser.newPage();
  const player = await clinicianPlayer(again);
  const video = player.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(player.getByRole('alert')).toHaveCount(0);
  await again.close();
});
