import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PatientsPage } from './pages/PatientsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { addDemoSessions } from './support/demoSessions.ts';
import { logInAs } from './support/logIn.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

const JOINT_DATA = fileURLToPath(new URL('../fixtures/sessions/walk-joint-data.json', import.meta.url));
const base = sessionNumberBase('groupReport');

test.beforeAll(async ({ browser, request }) => {
  await addDemoSessions(browser, request, [[base, JOINT_DATA]]);
});

async function openGroupReport(page: Page) {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const patients = new PatientsPage(page, 'clinician');
  await patients.goto();
  await patients.groupReport.click();
  const dialog = page.getByRole('dialog', { name: 'Create Group Report' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, field: string, names: readonly string[]) {
  await page
    .getByRole('dialog')
    // A select's button is named by its value, then its label ('Choose… Patients').
    .getByRole('button', { name: new RegExp(`${field}$`) })
    .click();
  const list = page.getByRole('listbox');
  for (const name of names) await list.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`a clinician compares a chosen group with the reference, HTML and PDF (${String(viewport.width)} px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport);
    const dialog = await openGroupReport(page);
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // A metric but no patients, codes, tags or clinics: the dialog says what is missing.
    await choose(page, 'Selected metrics', ['Speed', 'Cadence']);
    await dialog.getByRole('button', { name: 'Create Report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose patients, or a code, tag or clinic.');

    await choose(page, 'Patients', ['Olivia Bennett (GP-1001)']);
    await dialog.getByRole('button', { name: 'Create Report' }).click();
    const done = page.getByRole('dialog', { name: 'Report Generated' });
    await expect(done.getByText('1 patient in the group.')).toBeVisible();
    const box = await done.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);

    const [report] = await Promise.all([
      context.waitForEvent('page'),
      done.getByRole('button', { name: 'View Report' }).click(),
    ]);
    await expect(report.getByRole('heading', { name: 'Group Gait Report' })).toBeVisible();
    await expect(report.getByRole('heading', { name: 'Distribution across the group' })).toBeVisible();
    // Metric, n, median, IQR, reference, below, above.
    await expect(
      report.getByRole('row', { name: /^Walking speed \(m\/s\) 1 1\.\d\d 1\.\d\d–1\.\d\d 0\.94–1\.43/ }),
    ).toBeVisible();
    await expect(report.getByRole('rowheader', { name: 'Olivia Bennett (GP-1001)' })).toBeVisible();

    const [pdf] = await Promise.all([context.waitForEvent('page'), done.getByRole('button', { name: 'PDF' }).click()]);
    expect(pdf.url()).toMatch(/\/reports\/[0-9a-f-]{36}\.pdf\?expires=/);
    const file = await page.request.get(pdf.url());
    expect(file.headers()['content-type']).toBe('application/pdf');
  });
}

test('a group chosen by a tag nobody has says so', async ({ page }) => {
  const dialog = await openGroupReport(page);
  await choose(page, 'Tags', ['Visual impairment']);
  await choose(page, 'Patients', ['Olivia Bennett (GP-1001)']);
  await choose(page, 'Selected metrics', ['Speed']);
  await dialog.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByRole('dialog', { name: 'Report Error' }).getByRole('alert')).toHaveText(
    'Error: No patient matches the chosen criteria.',
  );
});
