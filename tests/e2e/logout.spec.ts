import { expect, test } from '@playwright/test';
import { MESSAGES } from '#shared/messages';
import { AppChrome } from './pages/AppChrome.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

// The API test of logout once passed with a body the app never sends; this presses the app's own Logout and then
// asks the server whether the token it held still works.
test('Logout in the app ends the session on the server: the old token answers 401', async ({ page, request }) => {
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const token = await chrome.storedAccessToken();
  expect(token).not.toBeNull();
  const clinics = () => request.get('/api/clinics', { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect((await clinics()).status()).toBe(200);

  const logout = page.waitForResponse((res) => res.url().endsWith('/api/clinicianLogout'));
  await chrome.logout.click();
  expect((await logout).status()).toBe(200);
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();

  const after = await clinics();
  expect(after.status()).toBe(401);
  // The reason lets the login page say why the session ended; a logout is "ended", not idle or expired.
  expect(await after.json()).toEqual({ error: MESSAGES.accessTokenInvalid, reason: 'ended' });
});
