import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { advanceServerClock, SERVER_CLOCK_TAG } from './support/serverClock.ts';
import { EXPIRY_IDLE_SECONDS, EXPIRY_SERVER } from './support/servers.ts';

test.use({ baseURL: EXPIRY_SERVER });

test('an idle token expires and the next page load goes to /login', { tag: SERVER_CLOCK_TAG }, async ({ page }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.patient);
  // Just inside the idle lifetime the login holds; a second later the server has forgotten the token.
  await advanceServerClock(EXPIRY_IDLE_SECONDS - 60);
  await page.reload();
  await expect(home.heading).toBeVisible();
  await expect(page).toHaveURL(home.path);
  await advanceServerClock(EXPIRY_IDLE_SECONDS + 1);
  await page.reload();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(home.heading).toBeHidden();
  expect(await new AppChrome(page).storedAccessToken()).toBeNull();
});
