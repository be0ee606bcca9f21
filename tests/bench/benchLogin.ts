import type { Page } from '@playwright/test';

/** Logs the demo product administrator in through the real login form, as the benches at scale start. */
export async function logInAsDemoAdmin(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/admin/login`);
  await page.getByLabel('Username', { exact: true }).fill('demo-admin');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Gait-2026');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL('**/admin/home');
}
