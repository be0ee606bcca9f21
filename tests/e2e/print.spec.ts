import { expect, test, type Page } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { PatientsPage } from './pages/PatientsPage.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

/** The number of pages of the PDF Chromium prints the page to (A4). */
async function printedPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the patient list prints as a list with the expanded row, without controls (${String(viewport.width)} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const patients = new PatientsPage(page, 'clinician');
    await patients.goto();
    await patients.expand('Olivia Bennett').click();
    const details = patients.detailsOf('Olivia Bennett');
    // ICF items are shown with their titles and ratings in the expanded row, not only in the Edit dialog.
    await expect(details.getByText(/Rating: (\d — [A-Z][a-z ]+|Not rated)/).first()).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    const chrome = new AppChrome(page);
    await expect(chrome.logout).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Patient' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Create Group Report' })).toBeHidden();
    await expect(page.getByRole('searchbox')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit Olivia Bennett' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'View Sessions' })).toBeHidden();
    await expect(details).toBeVisible();
    await expect(details).toContainText('Functioning (ICF)');
  });
}

test('a page of 25 sessions prints on at most three A4 pages, without checkboxes or buttons', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  const rows = sessions.table.getByRole('row');
  // The header and a full page of 25: the list fills from the device's mirror after the first rows show.
  await expect(rows.nth(25)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  for (const box of await sessions.table.getByRole('checkbox').all()) await expect(box).toBeHidden();
  await expect(sessions.singleReport).toBeHidden();
  await expect(new AppChrome(page).logout).toBeHidden();
  expect(await rows.count()).toBeGreaterThanOrEqual(26);
  // Every row is printed (none skipped as out of view), at least 8 a page; the screen layout printed 5.
  expect(await printedPages(page)).toBeLessThanOrEqual(3);
});
