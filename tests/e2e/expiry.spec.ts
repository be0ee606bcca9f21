import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { EXPIRY_IDLE_SECONDS, EXPIRY_SERVER } from './support/servers.ts';

test.use({ baseURL: EXPIRY_SERVER });

test('an idle token expires and the next page load goes to /login', async ({ page }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.patient);
  // Waiting is the point of this test: the server forgets tokens idle for longer than this.
  await page.waitForTimeout((EXPIRY_IDLE_SECONDS + 1.5) * 1000);
  await page.reload();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(home.heading).toBeHidden();
  expect(await new AppChrome(page).storedAccessToken()).toBeNull();
});
