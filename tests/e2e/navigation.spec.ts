import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { swipe } from './support/touch.ts';

test.use({ hasTouch: true });

test('a right swipe from the left edge opens the drawer; one mid-screen does not', async ({ page }) => {
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.clinician);

  await swipe(page, { x: 300, y: 400 }, 600);
  await expect(chrome.drawer).toBeHidden();

  await swipe(page, { x: 6, y: 400 }, 220);
  await expect(chrome.drawer).toBeVisible();
  await expect(chrome.drawerEntries()).toHaveText([...DEMO_ACCOUNTS.clinician.navigation]);
  await expect(chrome.drawer.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('choosing a drawer entry closes the drawer and navigates', async ({ page }) => {
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  await chrome.openNavigation.click();
  await chrome.drawer.getByRole('link', { name: 'Audit Log' }).click();
  await expect(chrome.drawer).toBeHidden();
  await expect(page).toHaveURL('/admin/audit-log');
});
