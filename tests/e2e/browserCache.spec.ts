import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionsResponse } from '#shared/sessions/session';
import { sessionFilePath, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { MESSAGES } from '#shared/messages';
import { AppChrome } from './pages/AppChrome.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { controlledByServiceWorker, launchApp, newProfile } from './support/offline.ts';

/** Every file of a browser profile, read raw as latin-1 text: its HTTP cache, databases, logs. */
function profileText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

// The README promises that what the device keeps of anyone is encrypted. A file the browser loads by address (a
// download link, a video source, the Text Viewer's tab) goes through Chromium's own HTTP cache, outside the app's
// sealed stores: the server must tell it not to keep one (Cache-Control: no-store).
test('after Logout, the browser profile on disk holds none of the joint data it loaded', async () => {
  test.setTimeout(60_000);
  const profile = newProfile();
  const { context, page } = await launchApp(profile);
  // As the installed app runs: the service worker in control first (it fetches what it keeps itself).
  const login = new LoginPage(page, 'admin');
  await login.goto();
  await controlledByServiceWorker(page);
  // A login with a profile on disk also seals the vault: slower than logInAs waits for on a busy machine.
  await login.logIn(DEMO_ACCOUNTS.admin.username);
  await expect(page).toHaveURL(/\/admin\/home$/, { timeout: 20_000 });
  const token = (await new AppChrome(page).storedAccessToken()) ?? '';
  const listed = await page.request.get('/api/sessions?UserType=admin', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { sessions } = (await listed.json()) as SessionsResponse;
  // The demo seed has no video; a video is sent by the same handler with the same headers (downloadSessionFile.ts).
  const session = sessions.find((s) => s.Data);
  if (!session) throw new Error('the demo seed gives the admin no session with joint data');

  // Loaded by the page itself, by the addresses the app gives its links and <video> (the token in the query).
  const query = new URLSearchParams({ access_token: token, UserType: 'admin' }).toString();
  const load = (kind: SessionFileKind) =>
    page.evaluate(
      async (url) => {
        const response = await fetch(url);
        const body = await response.arrayBuffer();
        return { disposition: response.headers.get('content-disposition') ?? '', size: body.byteLength };
      },
      `${sessionFilePath(session.SessionID, session.SubSessionID, kind)}?${query}`,
    );
  const joints = await load('jointData');
  const jointText = await page.evaluate(
    async (url) => (await fetch(url)).text(),
    `${sessionFilePath(session.SessionID, session.SubSessionID, 'jointData', false)}?${query}`,
  );
  expect(joints.size).toBeGreaterThan(1000);
  // What only these files say: the download names (the patient's own id) and a stretch of the joint positions.
  const needles = [
    /filename="([^"]+)"/.exec(joints.disposition)?.[1] ?? 'no joint data name',
    jointText.slice(Math.floor(jointText.length / 2), Math.floor(jointText.length / 2) + 60),
  ];
  expect(needles[0]).toContain(session.GivenPatientID);

  await new AppChrome(page).logout.click();
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  await context.close();

  const onDisk = profileText(profile);
  expect(needles.filter((needle) => onDisk.includes(needle))).toEqual([]);
});
