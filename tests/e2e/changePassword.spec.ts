import { expect, test } from '@playwright/test';
import { PASSWORD_MESSAGES } from '#shared/auth/passwordPolicy';
import { MESSAGES } from '#shared/messages';
import { AppChrome } from './pages/AppChrome.ts';
import { ChangePasswordDialog } from './pages/ChangePasswordDialog.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

// Runs in its own project after the others (playwright.config.ts): it changes the demo
// patient's password, which the other specs log in with, and puts it back at the end.
const patient = DEMO_ACCOUNTS.patient;
const NEW_PASSWORD = 'Walk-Faster-2027';

test('a patient changes the password with the current one and logs in with the new one', async ({ page }) => {
  const chrome = new AppChrome(page);
  const dialog = new ChangePasswordDialog(page);
  const home = await logInAs(page, patient);

  await home.changePassword.click();
  await dialog.submit(DEMO_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`);
  await expect(chrome.alert(MESSAGES.passwordsDiffer)).toBeVisible();
  await expect(dialog.dialog).toBeVisible();

  // The policy's messages reach the user: one the form checks itself, one only the server can (the leaked list).
  await dialog.submit(DEMO_PASSWORD, 'Too-short-1');
  await expect(dialog.dialog.getByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();
  await dialog.submit(DEMO_PASSWORD, 'qwertyuiop123');
  await expect(chrome.alert(`Error: ${PASSWORD_MESSAGES.tooCommon}`)).toBeVisible();
  await dialog.submit('not-my-password', NEW_PASSWORD);
  await expect(chrome.alert(`Error: ${MESSAGES.currentPasswordWrong}`)).toBeVisible();
  await expect(dialog.dialog).toBeVisible();

  await dialog.submit(DEMO_PASSWORD, NEW_PASSWORD);
  await expect(chrome.alert(MESSAGES.passwordUpdated)).toBeVisible();
  await expect(dialog.dialog).toBeHidden();

  await chrome.logout.click();
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  const again = await logInAs(page, patient, NEW_PASSWORD);

  // Restore the demo password through the same dialog.
  await again.changePassword.click();
  await dialog.submit(NEW_PASSWORD, DEMO_PASSWORD);
  await expect(chrome.alert(MESSAGES.passwordUpdated)).toBeVisible();
});
