import { expect, test } from '@playwright/test';
import { AuditLogPage } from './pages/AuditLogPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

// A reader away from UTC: the log's times are theirs, not the server's.
test.use({ timezoneId: 'America/New_York' });

test('the admin reads login events in the audit log', async ({ page }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.admin);
  await home.link('Audit Log').click();
  await expect(page).toHaveURL('/admin/audit-log');
  const auditLog = new AuditLogPage(page);
  await expect(auditLog.log).toBeVisible();
  // Lines read: time, #id, role:user, action, target, outcome, address.
  await expect(auditLog.log).toContainText(/ {2}login {2}.* {2}success {2}/);
  // Times read as every other date in the app: local time in the reader's date order, never UTC's '…Z'.
  await expect(auditLog.log).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d {2}#\d+ /);
  await expect(auditLog.log).not.toContainText(/\dZ {2}#/);
  await expect(page.getByText("Times are in this device's time zone (America/New_York).")).toBeVisible();
  await expect(auditLog.log).toHaveCSS('white-space', 'pre');
});

test('the audit log is not for other roles', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  await page.goto('/admin/audit-log');
  await expect(page).toHaveURL('/clinician/home');
});
